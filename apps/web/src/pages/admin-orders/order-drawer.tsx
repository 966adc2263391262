import type { AdminOrderDetail, AdminOrderRow } from '@resiport/contract';
import { Button, Card, Descriptions, Flex, Timeline, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { TrafficText } from '../../components/traffic-text';
import { UtcDateTime } from '../../components/utc-date-time';
import { adminCustomerHref, paths } from '../../config/paths';
import { useAdminOrder } from '../../features/admin/payments/api/get-admin-orders';
import { DetailDrawer } from '../../features/admin/payments/components/detail-drawer';
import { LedgerEntries } from '../../features/admin/payments/components/ledger-entries';
import {
  InvoiceStatusTag,
  OrderStatusTag,
  WayText,
} from '../../features/admin/payments/components/payment-tags';
import { formatUsd } from '../../lib/format';
import { OrderGoods } from './order-columns';

/** Only a paid order paid from the balance can be refunded (the server says why anything else cannot). */
export const isRefundable = (order: AdminOrderRow) => order.status === 'paid' && order.way === 'balance';

interface OrderDrawerProps {
  orderId: number | undefined;
  onClose: () => void;
  onRefund: (order: AdminOrderRow) => void;
}

/** One order: what was bought for how much, its timeline, its crypto invoice, its ledger entries, its refund. */
export function OrderDrawer({ orderId, onClose, onRefund }: OrderDrawerProps) {
  const detail = useAdminOrder(orderId);
  const order = detail.data?.order;
  return (
    <DetailDrawer
      open={orderId !== undefined}
      onClose={onClose}
      title={
        orderId !== undefined && <FormattedMessage id="admin.payments.orderTitle" values={{ id: orderId }} />
      }
      extra={
        order &&
        isRefundable(order) && (
          <Button danger onClick={() => onRefund(order)} data-testid="order-refund">
            <FormattedMessage id="admin.payments.refund" />
          </Button>
        )
      }
      detail={detail}
    >
      {(data) => <OrderFacts detail={data} />}
    </DetailDrawer>
  );
}

function OrderFacts({ detail }: { detail: AdminOrderDetail }) {
  const intl = useIntl();
  const { order, invoice, refund } = detail;
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  return (
    <Flex vertical gap={16} data-testid="order-detail">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'customer',
            label: <FormattedMessage id="admin.payments.customerCol" />,
            children: <Link to={adminCustomerHref(order.account_id)}>{order.email}</Link>,
          },
          {
            key: 'goods',
            label: <FormattedMessage id="admin.payments.goods" />,
            children: <OrderGoods order={order} />,
          },
          {
            key: 'status',
            label: <FormattedMessage id="admin.payments.status" />,
            children: <OrderStatusTag order={order} />,
          },
          {
            key: 'way',
            label: <FormattedMessage id="admin.payments.way" />,
            children: <WayText way={order.way} />,
          },
          {
            key: 'perGb',
            label: <FormattedMessage id="admin.payments.perGb" />,
            children: usd(order.price_per_gb_cents),
          },
          {
            key: 'original',
            label: <FormattedMessage id="admin.payments.original" />,
            children: usd(order.original_cents),
          },
          {
            key: 'discount',
            label: <FormattedMessage id="admin.payments.discountCol" />,
            children: order.coupon_code
              ? `${usd(order.discount_cents)} (${order.coupon_code})`
              : usd(order.discount_cents),
          },
          { key: 'fee', label: <FormattedMessage id="admin.payments.fee" />, children: usd(order.fee_cents) },
          {
            key: 'total',
            label: <FormattedMessage id="admin.payments.total" />,
            children: usd(order.total_cents),
          },
          {
            key: 'paid',
            label: <FormattedMessage id="admin.payments.paidCol" />,
            children: order.paid_cents === null ? '—' : usd(order.paid_cents),
          },
        ]}
      />
      <Card size="small" title={<FormattedMessage id="admin.payments.timeline" />}>
        <Timeline
          data-testid="order-timeline"
          items={detail.timeline.map((step) => ({
            key: step.event,
            color: step.event === 'refunded' ? 'purple' : step.event === 'cancelled' ? 'gray' : 'green',
            children: (
              <Flex vertical>
                <Typography.Text strong>
                  <FormattedMessage id={`admin.payments.timeline.${step.event}`} />
                </Typography.Text>
                <UtcDateTime iso={step.at} />
              </Flex>
            ),
          }))}
        />
      </Card>
      {refund && (
        <Card
          size="small"
          title={<FormattedMessage id="admin.payments.refundRecord" />}
          data-testid="order-refund-record"
        >
          <FormattedMessage
            id="admin.payments.refundRecord.text"
            values={{
              amount: usd(refund.refunded_cents),
              traffic: <TrafficText bytes={refund.removed_bytes} />,
              who: refund.operator_email ?? intl.formatMessage({ id: 'admin.commandLine' }),
            }}
          />
          {refund.reason && <Typography.Paragraph type="secondary">{refund.reason}</Typography.Paragraph>}
        </Card>
      )}
      {invoice && (
        <Card
          size="small"
          title={<FormattedMessage id="admin.payments.invoiceTitle" values={{ id: invoice.id }} />}
          extra={
            <Link
              to={`${paths.adminPayments}?${new URLSearchParams({ invoice_id: String(invoice.id) }).toString()}`}
            >
              <FormattedMessage id="admin.payments.openInvoice" />
            </Link>
          }
        >
          <Flex gap={16} wrap align="start">
            <InvoiceStatusTag invoice={invoice} />
            <Typography.Text type="secondary">{invoice.provider_status ?? '—'}</Typography.Text>
          </Flex>
        </Card>
      )}
      <Card size="small" title={<FormattedMessage id="admin.payments.ledger" />}>
        <LedgerEntries entries={detail.ledger} testId="order-ledger" />
      </Card>
    </Flex>
  );
}
