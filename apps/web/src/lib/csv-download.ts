import type { Link, LinkInput } from '@resiport/contract';
import type { QueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { api, fallbackMessage, toastError } from './api';
import { currentUserQuery } from './current-user';
import { readCsvResponse } from './csv-response';
import { downloadBlob } from './download';
import { runtimeMessage } from './runtime-intl';

/**
 * A CSV export (the traffic links, the console's ledger) through the request wrapper's `fetchLink`
 * (the session's JWT-TOKEN, so not a plain link), saved as a file: the server's name, else
 * `fallbackName`. Failures are toasted like every call (spec §8): the server's message when it
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
