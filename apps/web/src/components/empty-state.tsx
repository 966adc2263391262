import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../locales/types';

interface EmptyStateProps {
  title: MessageId;
  /** What will appear here, and when. */
  hint: MessageId;
  action?: ReactNode;
  testId?: string;
}

/** An honest "nothing here yet" with what will appear and what to do next; never placeholder data. */
export function EmptyState({ title, hint, action, testId }: EmptyStateProps) {
  return (
    <Empty
      data-testid={testId}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>
            <FormattedMessage id={title} />
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">
            <FormattedMessage id={hint} />
          </Typography.Text>
        </>
      }
    >
      {action}
    </Empty>
  );
}
