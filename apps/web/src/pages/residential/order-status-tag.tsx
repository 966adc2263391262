import type { Order, OrderStatus } from '@resiport/contract';
import { Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { PaymentStatusCell } from '../../components/payment-status';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

export const orderStatusText: Record<OrderStatus, MessageId> = {
  unpaid: 'order.status.unpaid',
  paid: 'order.status.paid',
  cancelled: 'order.status.cancelled',
  refunded: 'order.status.refunded',
};

/**
 * An order's status as a coloured tag (the colours top-ups use), with its crypto payment's detail
 * and what arrived beside it (decision 026: "Cancelled · underpaid: 10.30 USDT received, under
 * review"), and a way to support when a person must act. A refunded order says how much went back
 * to the balance (the balance history has the entry).
 */
export function OrderStatusTag({ order }: { order: Order }) {
  const intl = useIntl();
  const cell = (
    <PaymentStatusCell
      status={order.status}
      text={orderStatusText[order.status]}
      detail={order.payment_detail}
      received={order.payment_received}
      extraCents={order.payment_extra_cents}
      reference={intl.formatMessage({ id: 'payment.ref.order' }, { id: order.id })}
    />
  );
  if (order.refunded_cents === null) return cell;
  return (
    <Flex vertical align="start" gap={2}>
      {cell}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="order-refunded">
        <FormattedMessage
          id="order.refundedTo"
          values={{ amount: formatUsd(order.refunded_cents, intl.locale) }}
        />
      </Typography.Text>
    </Flex>
  );
}
