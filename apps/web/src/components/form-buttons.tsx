import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A dialog form's buttons, bottom right: Cancel, and the submit button, spinning while it is sent. */
export function FormButtons({
  onCancel,
  submitting,
  label,
  testId,
}: {
  onCancel: () => void;
  submitting: boolean;
  label: ReactNode;
  testId: string;
}) {
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onCancel}>
        <FormattedMessage id="common.cancel" />
      </Button>
      <Button type="primary" htmlType="submit" loading={submitting} data-testid={testId}>
        {label}
      </Button>
    </Flex>
  );
}
