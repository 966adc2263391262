import type { CustomerRole, CustomerRow, CustomerStatus } from '@resiport/contract';
import { customerRoles, customerStatuses } from '@resiport/contract';
import { Card, Flex } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { PageShell } from '../../components/page-shell';
import { adminCustomerHref } from '../../config/paths';
import { useCustomers } from '../../features/admin/customers/api/get-customers';
import { idParamOf } from '../../lib/id-param';
import { rowTestId } from '../../lib/row-test-id';
import { useCustomerColumns } from './customer-columns';
import { CustomerFilters, type CustomerFilterValues } from './customer-filters';

const PAGE_SIZE = 20;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => value === raw);

/**
 * /admin/customers: find a customer by email, account id, sub-account username or whitelisted IP,
 * filtered by status and role. The search lives in the address, so "back" from a customer returns
 * to the same list. A row opens the customer's page.
 */
export default function AdminCustomersPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters: CustomerFilterValues = {
    q: params.get('q') ?? '',
    status: oneOf<CustomerStatus>(customerStatuses, params.get('status')),
    role: oneOf<CustomerRole>(customerRoles, params.get('role')),
  };
  const page = idParamOf(params, 'page') ?? 1;
  const customers = useCustomers({
    q: filters.q || undefined,
    status: filters.status,
    role: filters.role,
    page,
    page_size: PAGE_SIZE,
  });
  const columns = useCustomerColumns();

  const show = (next: CustomerFilterValues, nextPage = 1) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.status) query.set('status', next.status);
    if (next.role) query.set('role', next.role);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query, { replace: true });
  };

  return (
    <PageShell title="menu.admin.customers" subtitle="admin.customers.subtitle">
      <Card>
        <Flex vertical gap={16}>
          <CustomerFilters value={filters} onChange={(next) => show(next)} />
          <PagedTable<CustomerRow>
            testId="customers-table"
            rowKey="id"
            columns={columns}
            query={customers}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(next) => show(filters, next)}
            totalText="admin.customers.total"
            failed={{ title: 'admin.customers.failed', hint: 'admin.loadFailed.hint' }}
            empty={<EmptyState title="admin.customers.empty" hint="admin.customers.emptyHint" />}
            onRow={(row) => ({
              ...rowTestId(`customer-row-${row.id}`),
              onClick: () => void navigate(adminCustomerHref(row.id)),
              style: { cursor: 'pointer' },
            })}
          />
        </Flex>
      </Card>
    </PageShell>
  );
}
