import { CreditCardOutlined, SyncOutlined } from '@ant-design/icons';
import type { Order, OrderStatus } from '@resiport/contract';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { payableCheckoutOf } from '../../features/orders/order-payment';
import { orderHasReceipt } from '@resiport/contract';
import { ReceiptActions } from '../../features/receipts/components/receipt-actions';
import { packageName } from '../../features/orders/package-name';
import { UtcDateTime } from '../../components/utc-date-time';
import { formatTraffic, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';
import { OrderStatusTag } from './order-status-tag';

const paidTypeText: Record<Order['paid_type'], MessageId> = {
  cryptomus: 'order.paidType.cryptomus',
  balance: 'order.paidType.balance',
  free: 'order.paidType.free',
};

interface OrderColumnsOptions {
  /** "Check payment" on an unpaid crypto order. */
  onCheck: (order: Order) => void;
  /** The order being checked right now (its button spins). */
  checkingId: number | undefined;
  /** Only a page with an unpaid crypto order or a paid one (its receipt) needs the actions column (right after the status). */
  withActions: boolean;
}

/** Every field of an order (docs/product.md#order), plus paying or checking an unpaid crypto order. */
export function useOrderColumns({
  onCheck,
  checkingId,
  withActions,
}: OrderColumnsOptions): TableColumnsType<Order> {
  const intl = useIntl();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const title = (id: MessageId) => intl.formatMessage({ id });
  const money = (key: keyof Order & `${string}_cents`, id: MessageId) => ({
    key,
    dataIndex: key,
    title: title(id),
    align: 'right' as const,
    render: usd,
  });

  // Last and pinned to the right edge: the table is wider than a 1440 px screen, its buttons are not.
  const actions: TableColumnsType<Order>[number] = {
    key: 'actions',
    fixed: 'right',
    title: title('common.col.actions'),
    render: (_value, order) => {
      const checkout = payableCheckoutOf(order);
      if (checkout === undefined) {
        return orderHasReceipt(order) ? <ReceiptActions kind="order" id={order.id} /> : null;
      }
      return (
        <Flex gap={4}>
          <Button size="small" type="primary" icon={<CreditCardOutlined />} href={checkout}>
            <FormattedMessage id="order.action.pay" />
          </Button>
          <Button
            size="small"
            icon={<SyncOutlined />}
            loading={checkingId === order.id}
            onClick={() => onCheck(order)}
            data-testid="order-check-pay"
          >
            <FormattedMessage id="order.action.check" />
          </Button>
        </Flex>
      );
    },
  };

  return [
    { key: 'id', dataIndex: 'id', title: title('order.col.id'), render: (id: number) => `#${id}` },
    {
      key: 'package',
      dataIndex: 'package_code',
      title: title('order.col.package'),
      render: (code: string | null, order) =>
        order.is_trial ? (
          <FormattedMessage id="package.trial" />
        ) : code === null ? (
          <FormattedMessage id="neworder.summary.custom" />
        ) : (
          packageName(intl, code)
        ),
    },
    {
      key: 'quantity',
      dataIndex: 'traffic_bytes',
      title: title('order.col.quantity'),
      align: 'right',
      render: (bytes: number) => formatTraffic(bytes, intl.locale),
    },
    money('amount_cents', 'order.col.amount'),
    {
      key: 'paidType',
      dataIndex: 'paid_type',
      title: title('order.col.paidType'),
      render: (way: Order['paid_type']) => <FormattedMessage id={paidTypeText[way]} />,
    },
    {
      key: 'date',
      dataIndex: 'created_at',
      title: title('order.col.date'),
      render: (value: string) => <UtcDateTime iso={value} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: title('order.col.status'),
      render: (_status: OrderStatus, order) => <OrderStatusTag order={order} />,
    },
    money('price_per_gb_cents', 'order.col.pricePerGb'),
    money('total_cents', 'order.col.total'),
    money('original_cents', 'order.col.original'),
    money('fee_cents', 'order.col.fee'),
    {
      key: 'coupon',
      dataIndex: 'coupon_code',
      title: title('order.col.coupon'),
      render: (code: string | null, order) =>
        code === null ? (
          '—'
        ) : (
          <Flex vertical>
            <Typography.Text code>{code}</Typography.Text>
            {order.discount_cents > 0 && (
              <Typography.Text type="success">−{usd(order.discount_cents)}</Typography.Text>
            )}
          </Flex>
        ),
    },
    ...(withActions ? [actions] : []),
  ];
}
