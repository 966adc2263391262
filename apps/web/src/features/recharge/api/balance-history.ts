import { balanceEndpoints, balanceLinks } from '@resiport/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadCsv } from '../../../lib/csv-download';

/** Every balance-history query starts with this key; drop them after money moved (a payment, an order). */
export const balanceHistoryKey = ['balance', 'history'] as const;

/** GET /order/balanceRecord: one page of the account's money movements, newest first. */
export function useBalanceHistory(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...balanceHistoryKey, page, pageSize],
    queryFn: async ({ signal }) =>
      (await api.send(balanceEndpoints.history, { page, page_size: pageSize }, { signal })).data,
    placeholderData: keepPreviousData,
    // Money moves from other pages (an order paid, a top-up checked): read afresh whenever shown.
    staleTime: 0,
  });
}

/** The history's export button: every movement as CSV (`format=csv`), under the server's file name. */
export function useDownloadBalanceCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      downloadCsv(balanceLinks.historyCsv, { format: 'csv' }, 'balance-history.csv', queryClient),
  });
}
