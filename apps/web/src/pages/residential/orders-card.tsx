import type { Order, OrderStatus } from '@resiport/contract';
import { orderStatuses } from '@resiport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Grid, message, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { useCheckOrderPay } from '../../features/orders/api/check-order-pay';
import { ordersKey, useOrders } from '../../features/orders/api/get-orders';
import { refreshAfterOrderPaid } from '../../features/orders/api/refresh-after-payment';
import { payableCheckoutOf } from '../../features/orders/order-payment';
import { orderHasReceipt } from '@resiport/contract';
import { formatTraffic } from '../../lib/format';
import { useOrderColumns } from './order-columns';
import { orderStatusText } from './order-status-tag';

const PAGE_SIZE = 10;
/** On a phone each order is a card of ten lines: three a page keep the page about a screen long. */
const PHONE_PAGE_SIZE = 3;
const ALL = 'all';

/** The account's orders, newest first, paged and filtered by status on the server. */
export function OrdersCard({ buyButton }: { buyButton: ReactNode }) {
  const intl = useIntl();
  const pageSize = Grid.useBreakpoint().sm === false ? PHONE_PAGE_SIZE : PAGE_SIZE;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | undefined>(undefined);
  const orders = useOrders({ page, pageSize, status });
  const check = useCheckOrderPay();

  const onCheck = async (order: Order) => {
    // Pending or refused answers have been toasted by the request wrapper (docs/product.md#request-wrapper).
    const result = await check.mutateAsync(order.id).catch(() => undefined);
    if (result?.status === 'paid') {
      void message.success(
        intl.formatMessage(
          { id: 'order.check.paid' },
          { id: order.id, traffic: formatTraffic(order.traffic_bytes, intl.locale) },
        ),
      );
      refreshAfterOrderPaid(queryClient);
    } else {
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    }
  };
  const columns = useOrderColumns({
    onCheck: (order) => void onCheck(order),
    checkingId: check.isPending ? check.variables : undefined,
    withActions: (orders.data?.list ?? []).some(
      (order) => payableCheckoutOf(order) !== undefined || orderHasReceipt(order),
    ),
  });

  const filter = (
    <Select<OrderStatus | typeof ALL>
      data-testid="orders-status-filter"
      aria-label={intl.formatMessage({ id: 'order.filter.status' })}
      style={{ minWidth: 170 }}
      value={status ?? ALL}
      onChange={(value) => {
        setStatus(value === ALL ? undefined : value);
        setPage(1);
      }}
      options={[
        { value: ALL, label: intl.formatMessage({ id: 'order.filter.all' }) },
        ...orderStatuses.map((value) => ({
          value,
          label: intl.formatMessage({ id: orderStatusText[value] }),
        })),
      ]}
    />
  );

  const empty =
    status === undefined ? (
      <EmptyState title="residential.orders.empty" hint="residential.orders.emptyHint" action={buyButton} />
    ) : (
      <EmptyState title="residential.orders.emptyFiltered" hint="residential.orders.emptyFilteredHint" />
    );

  return (
    <Card title={<FormattedMessage id="residential.orders" />} extra={filter}>
      <PagedTable<Order>
        testId="orders-table"
        rowKey="id"
        columns={columns}
        query={orders}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        totalText="order.list.total"
        failed={{ title: 'order.list.failed', hint: 'order.list.failedHint' }}
        empty={empty}
      />
    </Card>
  );
}
