import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { CheckoutReturnNotice, type CheckNotice } from '../../components/checkout-return-notice';
import { paths } from '../../config/paths';
import { useOrderPaymentCheck } from '../../features/orders/api/check-order-pay';
import { ordersKey } from '../../features/orders/api/get-orders';
import { refreshAfterOrderPaid } from '../../features/orders/api/refresh-after-payment';
import type { OrderCheck } from '../../features/orders/order-payment';
import type { CheckRefusal } from '../../lib/checkout-return';
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
  const id = orderId;

  const check = useOrderPaymentCheck(orderId, (result: OrderCheck) => {
    if (result.status === 'paid') refreshAfterOrderPaid(queryClient);
    else void queryClient.invalidateQueries({ queryKey: ordersKey });
  });

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

  const describe = (result: Exclude<OrderCheck, CheckRefusal>, checkAgain: ReactNode): CheckNotice => {
    switch (result.status) {
      case 'paid':
        return {
          status: 'paid',
          type: 'success',
          message: (
            <FormattedMessage
              id="order.outcome.paid"
              values={{ id, gb: formatGb(result.order.traffic_bytes, intl.locale) }}
            />
          ),
          description: <FormattedMessage id="order.outcome.paidHint" />,
        };
      case 'pending':
        return {
          status: 'pending',
          type: 'info',
          message: <FormattedMessage id="order.outcome.pending" values={{ id }} />,
          description: <FormattedMessage id="order.outcome.pendingHint" />,
          action: checkAgain,
        };
      case 'cancelled':
        return {
          status: 'cancelled',
          type: 'warning',
          message: <FormattedMessage id="order.outcome.cancelled" values={{ id }} />,
          description: <FormattedMessage id="order.outcome.cancelledHint" />,
          action: newOrder,
        };
      case 'refunded':
        return {
          status: 'refunded',
          type: 'info',
          message: <FormattedMessage id="order.outcome.refunded" values={{ id }} />,
        };
    }
  };

  return (
    <CheckoutReturnNotice
      testId="order"
      check={check}
      texts={{
        checking: <FormattedMessage id="order.outcome.checking" values={{ id }} />,
        failed: <FormattedMessage id="order.outcome.error" />,
        checkAgain: <FormattedMessage id="order.outcome.checkAgain" />,
      }}
      describe={describe}
      onClose={onClose}
    />
  );
}
