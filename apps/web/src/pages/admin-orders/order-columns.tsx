import type { AdminOrderRow } from '@resiport/contract';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { TrafficText } from '../../components/traffic-text';
import { UtcDateTime } from '../../components/utc-date-time';
import { adminCustomerHref } from '../../config/paths';
import { OrderStatusTag, WayText } from '../../features/admin/payments/components/payment-tags';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

/** What was bought: the package (or "by the GB"), its traffic, and whether it was the trial. */
export function OrderGoods({ order }: { order: AdminOrderRow }) {
  return (
    <Flex vertical gap={2} align="start">
      <span>
        {order.package_code ?? <FormattedMessage id="admin.payments.byTheGb" />}
        {order.is_trial && (
          <Tag style={{ marginInlineStart: 6 }}>
            <FormattedMessage id="admin.payments.trial" />
          </Tag>
        )}
      </span>
      <Typography.Text type="secondary">
        <TrafficText bytes={order.traffic_bytes} />
      </Typography.Text>
    </Flex>
  );
}

/** Price, coupon discount and what was paid, each only when it says something. */
function OrderAmounts({ order, intl }: { order: AdminOrderRow; intl: IntlShape }) {
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  return (
    <Flex vertical gap={2} align="end" style={{ whiteSpace: 'nowrap' }}>
      <span>{usd(order.total_cents)}</span>
      {order.discount_cents > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <FormattedMessage
            id="admin.payments.discount"
            values={{ amount: usd(order.discount_cents), code: order.coupon_code ?? '—' }}
          />
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {order.paid_cents === null ? (
          <FormattedMessage id="admin.payments.notPaid" />
        ) : (
          <FormattedMessage id="admin.payments.paid" values={{ amount: usd(order.paid_cents) }} />
        )}
      </Typography.Text>
    </Flex>
  );
}

/** The orders list's columns; "Details" opens the order (rows are also clickable). */
export function orderColumns(
  intl: IntlShape,
  onOpen: (order: AdminOrderRow) => void,
): TableColumnsType<AdminOrderRow> {
  const title = (id: MessageId) => intl.formatMessage({ id });
  return [
    { key: 'id', dataIndex: 'id', title: title('admin.payments.order'), render: (id: number) => `#${id}` },
    {
      key: 'customer',
      dataIndex: 'email',
      title: title('admin.payments.customerCol'),
      render: (email: string, order) => (
        <Link to={adminCustomerHref(order.account_id)} onClick={(event) => event.stopPropagation()}>
          {email}
        </Link>
      ),
    },
    {
      key: 'goods',
      title: title('admin.payments.goods'),
      render: (_v, order) => <OrderGoods order={order} />,
    },
    {
      key: 'amounts',
      title: title('admin.payments.amounts'),
      align: 'right',
      render: (_v, order) => <OrderAmounts order={order} intl={intl} />,
    },
    {
      key: 'status',
      title: title('admin.payments.status'),
      render: (_v, order) => <OrderStatusTag order={order} />,
    },
    {
      key: 'way',
      dataIndex: 'way',
      title: title('admin.payments.way'),
      render: (way: AdminOrderRow['way']) => <WayText way={way} />,
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('admin.payments.created'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'paidAt',
      dataIndex: 'paid_at',
      title: title('admin.payments.paidAt'),
      render: (iso: string | null) => (iso === null ? '—' : <UtcDateTime iso={iso} />),
    },
    {
      key: 'open',
      title: title('admin.payments.actions'),
      render: (_v, order) => (
        <Button
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(order);
          }}
          data-testid={`order-open-${order.id}`}
        >
          <FormattedMessage id="admin.payments.details" />
        </Button>
      ),
    },
  ];
}
