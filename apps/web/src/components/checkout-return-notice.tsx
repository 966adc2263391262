import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, type AlertProps } from 'antd';
import type { ReactNode } from 'react';
import { isTransient, type CheckRefusal } from '../lib/checkout-return';

/** How a settled check reads: the notice's colour, its lines and the button it offers. */
export interface CheckNotice {
  /** Also the notice's `data-status`. */
  status: string;
  type: AlertProps['type'];
  message: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/** What the notice needs of the check's query (see `useReturnCheck`). */
interface ReturnCheck<Settled> {
  data: Settled | CheckRefusal | undefined;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

interface CheckoutReturnNoticeProps<Settled> {
  /** `<testId>-outcome` is the notice, `<testId>-check-again` its button. */
  testId: string;
  check: ReturnCheck<Settled>;
  texts: { checking: ReactNode; failed: ReactNode; checkAgain: ReactNode };
  /** The notice of a settled check; `checkAgain` is the button for one that may still change. */
  describe: (result: Settled, checkAgain: ReactNode) => CheckNotice;
  /** The user closed the notice. */
  onClose: () => void;
}

function isRefusal(result: { status: string }): result is CheckRefusal {
  return result.status === 'error';
}

/**
 * Back from the crypto checkout (a top-up or an order): "checking…" while the payment is asked
 * after, then how it stands. A failed check offers another only when asking again may help (the
 * provider or the server had a moment), not for someone else's payment.
 */
export function CheckoutReturnNotice<Settled extends { status: string }>(
  props: CheckoutReturnNoticeProps<Settled>,
) {
  const { testId, check, texts, describe, onClose } = props;
  const checkAgain = (
    <Button
      size="small"
      icon={<ReloadOutlined />}
      loading={check.isFetching}
      onClick={() => void check.refetch()}
      data-testid={`${testId}-check-again`}
    >
      {texts.checkAgain}
    </Button>
  );

  const notice = ({ status, type, message, description, action }: CheckNotice, icon?: ReactNode) => (
    <Alert
      data-testid={`${testId}-outcome`}
      data-status={status}
      type={type}
      showIcon
      icon={icon}
      message={message}
      description={description}
      action={action}
      closable={status !== 'checking'}
      afterClose={onClose}
    />
  );

  const result = check.data;
  if (result === undefined) {
    return check.isError
      ? notice({
          status: 'error',
          type: 'error',
          message: texts.failed,
          description: check.error?.message,
          action: checkAgain,
        })
      : notice({ status: 'checking', type: 'info', message: texts.checking }, <LoadingOutlined />);
  }
  if (isRefusal(result)) {
    const action = isTransient(result.code) ? checkAgain : undefined;
    return notice({ status: 'error', type: 'error', message: texts.failed, description: result.msg, action });
  }
  return notice(describe(result, checkAgain));
}
