import { trafficLinks } from '@resiport/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { currentUserQuery } from '../../../lib/current-user';
import { api, fallbackMessage, toastError } from '../../../lib/api';
import { downloadBlob } from '../../../lib/download';
import { runtimeMessage } from '../../../lib/runtime-intl';
import { csvFileName, csvQuery, readCsvResponse, type CsvRequest } from '../csv-export';

/**
 * GET /traffic/details?format=csv through the request wrapper's `fetchLink` (the session's
 * JWT-TOKEN, so not a plain link), saved as a file. Failures are toasted like every call (spec §8):
 * the server's message when it refused, a network or generic one otherwise. An expired session
 * (10013) re-reads the current user, whose refusal goes through the wrapper's sign-in redirect.
 */
export async function downloadDetailsCsv(request: CsvRequest, queryClient: QueryClient): Promise<void> {
  const response = await api.fetchLink(trafficLinks.detailsCsv, csvQuery(request), {
    accept: 'text/csv, application/json',
  });
  const outcome = await readCsvResponse(response);
  switch (outcome.kind) {
    case 'file':
      downloadBlob(outcome.fileName ?? csvFileName(request), outcome.blob);
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

/** The export button's state: `isPending` while the file is on its way. */
export function useDownloadDetailsCsv() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (request: CsvRequest) => downloadDetailsCsv(request, queryClient) });
}
