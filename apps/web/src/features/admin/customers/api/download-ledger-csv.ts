import { adminCustomersLinks, type LinkInput } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../../../lib/csv-download';

export type LedgerCsvQuery = Omit<
  LinkInput<typeof adminCustomersLinks.ledgerCsv>,
  'format' | 'page' | 'page_size'
>;

/**
 * The ledger's export button: the tab's filters as `/admin/customers/ledger?format=csv`, fetched
 * with the operator's session (a plain link could not send it) and saved as a file.
 */
export function useDownloadLedgerCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: LedgerCsvQuery) =>
      downloadCsv(
        adminCustomersLinks.ledgerCsv,
        { ...query, format: 'csv' },
        `ledger-${String(query.account_id)}.csv`,
        queryClient,
      ),
  });
}
