import { Alert, Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../../locales/types';

interface ConfirmStepProps {
  /** The first press asked; now the operator reads what will happen and confirms. */
  confirming: boolean;
  /** What the change does, said before it is made. */
  warning: ReactNode;
  submit: MessageId;
  confirm: MessageId;
  disabled?: boolean;
  pending: boolean;
  onBack: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
}

/**
 * The footer of a console dialog that moves money: its first button checks the form and asks again,
 * saying what will happen; only "Yes, …" sends. Stacks on a phone.
 */
export function ConfirmStep(props: ConfirmStepProps) {
  const { confirming, warning, submit, confirm, disabled, pending, onBack, onCancel, onConfirm, testId } =
    props;
  if (!confirming) {
    return (
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onCancel}>
          <FormattedMessage id="admin.cancel" />
        </Button>
        <Button type="primary" danger htmlType="submit" disabled={disabled} data-testid={`${testId}-submit`}>
          <FormattedMessage id={submit} />
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon message={warning} data-testid={`${testId}-warning`} />
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onBack} disabled={pending}>
          <FormattedMessage id="admin.payments.back" />
        </Button>
        <Button type="primary" danger loading={pending} onClick={onConfirm} data-testid={`${testId}-confirm`}>
          <FormattedMessage id={confirm} />
        </Button>
      </Flex>
    </Flex>
  );
}
