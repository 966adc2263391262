import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../locales/types';
import { EmptyState } from './empty-state';

interface LoadFailedProps {
  title: MessageId;
  hint: MessageId;
  /** Asks again: the query's (or queries') `refetch`. */
  onReload: () => void;
  testId?: string;
}

/** Data that did not load: what is missing and a "Reload" button, in place of the data. */
export function LoadFailed({ title, hint, onReload, testId }: LoadFailedProps) {
  return (
    <EmptyState
      testId={testId}
      title={title}
      hint={hint}
      action={
        <Button onClick={onReload}>
          <FormattedMessage id="error.reload" />
        </Button>
      }
    />
  );
}
