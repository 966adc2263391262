import type { AdminInvoiceRow, AdminOrderRow, PaymentDetail } from '@resiport/contract';
import { Flex, Tag, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { paymentStatusColor } from '../../../../components/payment-status';
import type { MessageId } from '../../../../locales/types';

/** The provider's word beside a status (decision 026), in the portal's own words. */
function DetailLine({ detail }: { detail: PaymentDetail | null }) {
  if (detail === null) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="payment-detail">
      <FormattedMessage id={`payment.detail.${detail}`} />
    </Typography.Text>
  );
}

function StatusTag({
  status,
  text,
  detail,
}: {
  status: AdminOrderRow['status'];
  text: MessageId;
  detail: PaymentDetail | null;
}) {
  return (
    <Flex vertical align="start" gap={2}>
      <Tag color={paymentStatusColor[status]} data-status={status} data-detail={detail ?? ''}>
        <FormattedMessage id={text} />
      </Tag>
      <DetailLine detail={detail} />
    </Flex>
  );
}

/** An order's status as the customer's list colours it, with its crypto invoice's detail. */
export function OrderStatusTag({ order }: { order: Pick<AdminOrderRow, 'status' | 'payment_detail'> }) {
  return (
    <StatusTag status={order.status} text={`order.status.${order.status}`} detail={order.payment_detail} />
  );
}

/** An invoice's status (the product's words) and the provider's detail. */
export function InvoiceStatusTag({
  invoice,
}: {
  invoice: Pick<AdminInvoiceRow, 'status' | 'payment_detail'>;
}) {
  return (
    <StatusTag
      status={invoice.status}
      text={`recharge.status.${invoice.status}`}
      detail={invoice.payment_detail}
    />
  );
}

/** How an order was paid: from the balance, by crypto, or a free trial. */
export function WayText({ way }: { way: AdminOrderRow['way'] }) {
  return <FormattedMessage id={`admin.payments.way.${way}`} />;
}
