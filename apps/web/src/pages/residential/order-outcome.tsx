import { LoadingOutlined, ReloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type AlertProps } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useOrderPaymentCheck } from '../../features/orders/api/check-order-pay';
import { ordersKey } from '../../features/orders/api/get-orders';
import { refreshAfterOrderPaid } from '../../features/orders/api/refresh-after-payment';
import type { OrderCheck } from '../../features/orders/order-payment';
import { isTransient } from '../../features/recharge/payment-check';
import { formatGb } from '../../lib/units';

interface OrderOutcomeProps {
  orderId: number;
  /** The user closed the notice. */
  onClose: () => void;
}

/**
 * Back from the Cryptomus checkout (`?order_id=`): checks the order's payment once and says how it
 * stands; a pending one can be checked again. Every check refreshes the orders, a paid one also
 * the balance and traffic in the header.
 */
export function OrderOutcome({ orderId, onClose }: OrderOutcomeProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const check = useOrderPaymentCheck(orderId, (result: OrderCheck) => {
    if (result.status === 'paid') refreshAfterOrderPaid(queryClient);
    else void queryClient.invalidateQueries({ queryKey: ordersKey });
  });

  const checkAgain = (
    <Button
      size="small"
      icon={<ReloadOutlined />}
      loading={check.isFetching}
      onClick={() => void check.refetch()}
      data-testid="order-check-again"
    >
      <FormattedMessage id="order.outcome.checkAgain" />
    </Button>
  );
  const newOrder = (
    <Button
      size="small"
      type="primary"
      icon={<ShoppingCartOutlined />}
      onClick={() => void navigate(paths.newOrder)}
    >
      <FormattedMessage id="order.outcome.newOrder" />
    </Button>
  );

  const notice = (
    status: string,
    type: AlertProps['type'],
    message: ReactNode,
    description?: ReactNode,
    action?: ReactNode,
    icon?: ReactNode,
  ) => (
    <Alert
      data-testid="order-outcome"
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

  const id = orderId;
  const result = check.data;
  if (result === undefined) {
    if (check.isError) {
      return notice(
        'error',
        'error',
        <FormattedMessage id="order.outcome.error" />,
        check.error.message,
        checkAgain,
      );
    }
    return notice(
      'checking',
      'info',
      <FormattedMessage id="order.outcome.checking" values={{ id }} />,
      undefined,
      undefined,
      <LoadingOutlined />,
    );
  }

  switch (result.status) {
    case 'paid':
      return notice(
        'paid',
        'success',
        <FormattedMessage
          id="order.outcome.paid"
          values={{ id, gb: formatGb(result.order.traffic_bytes, intl.locale) }}
        />,
        <FormattedMessage id="order.outcome.paidHint" />,
      );
    case 'pending':
      return notice(
        'pending',
        'info',
        <FormattedMessage id="order.outcome.pending" values={{ id }} />,
        <FormattedMessage id="order.outcome.pendingHint" />,
        checkAgain,
      );
    case 'cancelled':
      return notice(
        'cancelled',
        'warning',
        <FormattedMessage id="order.outcome.cancelled" values={{ id }} />,
        <FormattedMessage id="order.outcome.cancelledHint" />,
        newOrder,
      );
    case 'refunded':
      return notice('refunded', 'info', <FormattedMessage id="order.outcome.refunded" values={{ id }} />);
    case 'error':
      // Asking again helps when the provider or the server had a moment, not for someone else's order.
      return notice(
        'error',
        'error',
        <FormattedMessage id="order.outcome.error" />,
        result.msg,
        isTransient(result.code) ? checkAgain : undefined,
      );
  }
}
