import { trafficLinks, type Link, type LinkInput } from '@resiport/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { currentUserQuery } from '../../../lib/current-user';
import { api, fallbackMessage, toastError } from '../../../lib/api';
import { downloadBlob } from '../../../lib/download';
import { runtimeMessage } from '../../../lib/runtime-intl';
import {
  changesCsvQuery,
  csvFileName,
  csvQuery,
  readCsvResponse,
  type ChangesCsvRequest,
  type CsvRequest,
} from '../csv-export';

/**
 * A traffic CSV export (trafficLinks.detailsCsv, .changesCsv) through the request wrapper's
 * `fetchLink` (the session's JWT-TOKEN, so not a plain link), saved as a file: the server's name,
 * else `fallbackName`. Failures are toasted like every call (spec §8): the server's message when it
 * refused, a network or generic one otherwise. An expired session (10013) re-reads the current
 * user, whose refusal goes through the wrapper's sign-in redirect.
 */
export async function downloadCsv<L extends Link>(
  link: L,
  query: LinkInput<L>,
  fallbackName: string,
  queryClient: QueryClient,
): Promise<void> {
  const response = await api.fetchLink(link, query, { accept: 'text/csv, application/json' });
  const outcome = await readCsvResponse(response);
  switch (outcome.kind) {
    case 'file':
      downloadBlob(outcome.fileName ?? fallbackName, outcome.blob);
      if (outcome.truncated) {
        void message.warning(runtimeMessage('usage.csv.truncated', 'The file holds the newest rows only'), 6);
      }
      return;
    case 'envelope': {
      const { verdict } = outcome;
      if (verdict.kind === 'sessionExpired') {
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      } else {
        toastError('msg' in verdict && verdict.msg !== '' ? verdict.msg : fallbackMessage('format'));
      }
      throw new Error(`CSV export refused (${verdict.kind})`);
    }
    case 'failed':
      toastError(fallbackMessage('format'));
      throw new Error(`CSV export failed with HTTP ${outcome.status}`);
  }
}

/** The usage detail's export button: `isPending` while the file is on its way. */
export function useDownloadDetailsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CsvRequest) =>
      downloadCsv(trafficLinks.detailsCsv, csvQuery(request), csvFileName(request), queryClient),
  });
}

/** The change record's export button, with the tab's filters (range, owner, kind). */
export function useDownloadChangesCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangesCsvRequest) =>
      downloadCsv(
        trafficLinks.changesCsv,
        changesCsvQuery(request),
        csvFileName(request, 'changes', request.kind),
        queryClient,
      ),
  });
}
