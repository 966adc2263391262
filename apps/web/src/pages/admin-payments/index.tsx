import type { AdminInvoiceRow } from '@resiport/contract';
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { PageShell } from '../../components/page-shell';
import { useAdminInvoices } from '../../features/admin/payments/api/get-admin-invoices';
import { idParamOf } from '../../lib/id-param';
import { rowTestId } from '../../lib/row-test-id';
import { invoiceColumns } from './invoice-columns';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoiceFilters, invoiceFiltersOf, type InvoiceFilterValues } from './invoice-filters';
import { ResolveDialog } from './resolve-dialog';

const PAGE_SIZE = 20;

/**
 * /admin/payments: every crypto invoice (top-ups and orders), newest first, with the provider's
 * status and what arrived; filters from the address too (`?detail=underpaid`, `?account_id=N`,
 * `?invoice_id=N` opens one); an invoice's history in a drawer, and resolving one that arrived short
 * or late.
 */
export default function AdminPaymentsPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const accountId = idParamOf(params, 'account_id');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<InvoiceFilterValues>(() => invoiceFiltersOf(params));
  const [openId, setOpenId] = useState(idParamOf(params, 'invoice_id'));
  const [resolving, setResolving] = useState<AdminInvoiceRow>();
  const invoices = useAdminInvoices({
    page,
    page_size: PAGE_SIZE,
    ...(filters.customer ? { customer: filters.customer } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.detail ? { detail: filters.detail } : {}),
    ...(filters.purpose ? { purpose: filters.purpose } : {}),
    ...(accountId !== undefined ? { account_id: accountId } : {}),
    ...(filters.days.start ? { start_date: filters.days.start } : {}),
    ...(filters.days.end ? { end_date: filters.days.end } : {}),
  });
  const open = (invoice: AdminInvoiceRow) => setOpenId(invoice.id);

  return (
    <PageShell title="menu.admin.payments" subtitle="admin.payments.invoices.subtitle">
      <Card>
        <Flex vertical gap={16}>
          <InvoiceFilters
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          <PagedTable<AdminInvoiceRow>
            testId="invoices-table"
            rowKey="id"
            columns={invoiceColumns(intl, { onOpen: open, onResolve: setResolving })}
            query={invoices}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            totalText="admin.total"
            failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
            empty={
              <EmptyState title="admin.payments.invoices.empty" hint="admin.payments.invoices.emptyHint" />
            }
            onRow={(invoice) => ({
              ...rowTestId(`invoice-row-${invoice.id}`),
              onClick: () => open(invoice),
              style: { cursor: 'pointer' },
            })}
          />
        </Flex>
      </Card>
      <InvoiceDrawer invoiceId={openId} onClose={() => setOpenId(undefined)} onResolve={setResolving} />
      <ResolveDialog invoice={resolving} onClose={() => setResolving(undefined)} />
    </PageShell>
  );
}
