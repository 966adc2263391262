import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { currentUserQuery } from '../../../app/current-user';
import { API_BASE } from '../../../config/app';
import { ERROR_TOAST_SECONDS } from '../../../config/business';
import { activeLocale } from '../../../lib/active-locale';
import { readAuthData } from '../../../lib/auth-storage';
import { safeLocalStorage } from '../../../lib/browser-storage';
import { acceptLanguageOf } from '../../../lib/i18n';
import { runtimeMessage } from '../../../lib/runtime-intl';
import { csvExportPath, csvFileName, readCsvResponse, type CsvRequest } from '../csv-export';

/** Saves a Blob through the browser's download, as a link with `download` clicked once. */
function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const toast = (text: string) => void message.error(text, ERROR_TOAST_SECONDS);
const unexpected = () =>
  runtimeMessage('error.unexpected', 'Unexpected answer from the server, please try again later');

/**
 * GET /traffic/details?format=csv with the session's JWT-TOKEN (a plain link could not send it),
 * saved as a file. Failures are toasted like every call (spec §8): the server's message when it
 * refused, a network or generic one otherwise. An expired session (10013) re-reads the current
 * user, whose refusal goes through the request wrapper's sign-in redirect.
 */
export async function downloadDetailsCsv(request: CsvRequest, queryClient: QueryClient): Promise<void> {
  const headers: Record<string, string> = {
    Accept: 'text/csv, application/json',
    'Accept-Language': acceptLanguageOf(activeLocale),
  };
  const token = readAuthData(safeLocalStorage())?.jwt_token;
  if (token) headers['JWT-TOKEN'] = token;
  let response: Response;
  try {
    response = await window.fetch(`${API_BASE}${csvExportPath(request)}`, { headers });
  } catch (error) {
    toast(runtimeMessage('error.network', 'Network error, please check your connection and try again'));
    throw error;
  }
  const outcome = await readCsvResponse(response);
  switch (outcome.kind) {
    case 'file':
      saveBlob(outcome.fileName ?? csvFileName(request), outcome.blob);
      if (outcome.truncated) {
        void message.warning(runtimeMessage('usage.csv.truncated', 'The file holds the newest rows only'), 6);
      }
      return;
    case 'envelope': {
      const { verdict } = outcome;
      if (verdict.kind === 'sessionExpired') {
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      } else {
        toast('msg' in verdict && verdict.msg !== '' ? verdict.msg : unexpected());
      }
      throw new Error(`CSV export refused (${verdict.kind})`);
    }
    case 'failed':
      toast(unexpected());
      throw new Error(`CSV export failed with HTTP ${outcome.status}`);
  }
}

/** The export button's state: `isPending` while the file is on its way. */
export function useDownloadDetailsCsv() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (request: CsvRequest) => downloadDetailsCsv(request, queryClient) });
}
