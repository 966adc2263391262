import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { CheckoutReturnNotice, type CheckNotice } from '../../components/checkout-return-notice';
import { ContactSupportButton, PaymentFacts } from '../../components/payment-facts';
import { paths } from '../../config/paths';
import { useOrderPaymentCheck } from '../../features/orders/api/check-order-pay';
import { ordersKey } from '../../features/orders/api/get-orders';
import { refreshAfterOrderPaid } from '../../features/orders/api/refresh-after-payment';
import type { OrderCheck } from '../../features/orders/order-payment';
import { paymentOutcomeKind, type CheckRefusal, type PaymentOutcomeKind } from '../../lib/checkout-return';
import { formatTraffic, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

/** How a crypto order that did not get paid ended: its headline, hint, and who acts next. */
const closedNotice: Record<
  Exclude<PaymentOutcomeKind, 'paid' | 'paid_over' | 'pending'>,
  { type: CheckNotice['type']; message: MessageId; hint?: MessageId; support: boolean }
> = {
  underpaid: { type: 'warning', message: 'order.outcome.underpaid', support: true },
  expired: {
    type: 'warning',
    message: 'order.outcome.expired',
    hint: 'order.outcome.expiredHint',
    support: false,
  },
  failed: {
    type: 'error',
    message: 'order.outcome.failed',
    hint: 'order.outcome.cancelledHint',
    support: false,
  },
  refunded: { type: 'info', message: 'order.outcome.paymentRefunded', support: false },
  refund_failed: { type: 'error', message: 'order.outcome.refundFailed', support: true },
  cancelled: {
    type: 'warning',
    message: 'order.outcome.cancelled',
    hint: 'order.outcome.cancelledHint',
    support: false,
  },
};

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
    const { order } = result;
    const reference = intl.formatMessage({ id: 'payment.ref.order' }, { id });
    const facts = (kind: PaymentOutcomeKind, lead?: ReactNode) => (
      <PaymentFacts
        kind={kind}
        received={order.payment_received}
        due={formatUsd(order.total_cents, intl.locale)}
        extra={order.payment_extra_cents > 0 ? formatUsd(order.payment_extra_cents, intl.locale) : undefined}
        reference={reference}
      >
        {lead}
      </PaymentFacts>
    );
    if (result.status === 'refunded') {
      return {
        status: 'refunded',
        type: 'info',
        message: <FormattedMessage id="order.outcome.refunded" values={{ id }} />,
      };
    }
    const kind = paymentOutcomeKind(order.status, order.payment_detail);
    if (kind === 'paid' || kind === 'paid_over') {
      return {
        status: kind,
        type: 'success',
        message: (
          <FormattedMessage
            id="order.outcome.paid"
            values={{ id, traffic: formatTraffic(order.traffic_bytes, intl.locale) }}
          />
        ),
        description: facts(kind, <FormattedMessage id="order.outcome.paidHint" />),
      };
    }
    if (kind === 'pending') {
      return {
        status: 'pending',
        type: 'info',
        message: <FormattedMessage id="order.outcome.pending" values={{ id }} />,
        description: <FormattedMessage id="order.outcome.pendingHint" />,
        action: checkAgain,
      };
    }
    const notice = closedNotice[kind];
    return {
      status: kind,
      type: notice.type,
      message: <FormattedMessage id={notice.message} values={{ id }} />,
      description: facts(kind, notice.hint && <FormattedMessage id={notice.hint} />),
      action: notice.support ? <ContactSupportButton reference={reference} /> : newOrder,
    };
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
