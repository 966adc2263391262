import type { AdminOrderRow } from '@resiport/contract';
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { PageShell } from '../../components/page-shell';
import { useAdminOrders } from '../../features/admin/payments/api/get-admin-orders';
import { idParamOf } from '../../lib/id-param';
import { rowTestId } from '../../lib/row-test-id';
import { orderColumns } from './order-columns';
import { OrderDrawer } from './order-drawer';
import { noOrderFilters, OrderFilters, type OrderFilterValues } from './order-filters';
import { RefundDialog } from './refund-dialog';

const PAGE_SIZE = 20;

/**
 * /admin/orders: every customer's orders, newest first, filtered by customer, status, way and UTC
 * days (`?account_id=N` narrows to one customer, `?order_id=N` opens one); an order's details in a
 * drawer, and the refund of a balance-paid order.
 */
export default function AdminOrdersPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const accountId = idParamOf(params, 'account_id');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<OrderFilterValues>(noOrderFilters);
  const [openId, setOpenId] = useState(idParamOf(params, 'order_id'));
  const [refunding, setRefunding] = useState<AdminOrderRow>();
  const orders = useAdminOrders({
    page,
    page_size: PAGE_SIZE,
    ...(filters.customer ? { customer: filters.customer } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.way ? { way: filters.way } : {}),
    ...(accountId !== undefined ? { account_id: accountId } : {}),
    ...(filters.days.start ? { start_date: filters.days.start } : {}),
    ...(filters.days.end ? { end_date: filters.days.end } : {}),
  });
  const open = (order: AdminOrderRow) => setOpenId(order.id);

  return (
    <PageShell title="menu.admin.orders" subtitle="admin.payments.orders.subtitle">
      <Card>
        <Flex vertical gap={16}>
          <OrderFilters
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          <PagedTable<AdminOrderRow>
            testId="orders-table"
            rowKey="id"
            columns={orderColumns(intl, open)}
            query={orders}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            totalText="admin.total"
            failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
            empty={<EmptyState title="admin.payments.orders.empty" hint="admin.payments.orders.emptyHint" />}
            onRow={(order) => ({
              ...rowTestId(`order-row-${order.id}`),
              onClick: () => open(order),
              style: { cursor: 'pointer' },
            })}
          />
        </Flex>
      </Card>
      <OrderDrawer orderId={openId} onClose={() => setOpenId(undefined)} onRefund={setRefunding} />
      <RefundDialog order={refunding} onClose={() => setRefunding(undefined)} />
    </PageShell>
  );
}
