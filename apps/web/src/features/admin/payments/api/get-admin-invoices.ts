import { adminPaymentsEndpoints as calls, type EndpointData, type EndpointInput } from '@resiport/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { paymentsKey } from './get-admin-orders';

export type AdminInvoicesQuery = EndpointInput<typeof calls.invoices>;
export type AdminInvoicesPage = EndpointData<typeof calls.invoices>;

/** GET /admin/payments/invoices: one page of every customer's crypto invoices, newest first. */
export async function getAdminInvoices(
  query: AdminInvoicesQuery,
  signal?: AbortSignal,
): Promise<AdminInvoicesPage> {
  return (await api.send(calls.invoices, query, { signal })).data;
}

export function useAdminInvoices(query: AdminInvoicesQuery) {
  return useQuery({
    queryKey: [...paymentsKey, 'invoices', query],
    queryFn: ({ signal }) => getAdminInvoices(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/payments/invoice: one invoice with what the provider told us and its ledger entries. */
export function useAdminInvoice(invoiceId: number | undefined) {
  return useQuery({
    queryKey: [...paymentsKey, 'invoice', invoiceId],
    queryFn:
      invoiceId === undefined
        ? skipToken
        : async ({ signal }) => (await api.send(calls.invoice, { invoice_id: invoiceId }, { signal })).data,
  });
}
