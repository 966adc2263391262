import type { Link, LinkInput } from '@resiport/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, fallbackMessage, toastError } from './api';
import { currentUserQuery } from './current-user';
import { readCsvResponse } from './csv-response';

/** A file a link answered: its bytes, the server's name for it, and whether a row cap cut it short. */
export interface FetchedFile {
  blob: Blob;
  fileName: string | undefined;
  truncated: boolean;
}

/**
 * A file from a link (a CSV export, a receipt) through the request wrapper's `fetchLink` (the
 * session's JWT-TOKEN, so not a plain link). Failures are toasted like every call (docs/product.md#request-wrapper): the
 * server's message when it refused, a network or generic one otherwise. An expired session (10013)
 * re-reads the current user, whose refusal goes through the wrapper's sign-in redirect.
 */
export async function fetchFile<L extends Link>(
  link: L,
  query: LinkInput<L>,
  accept: string,
  queryClient: QueryClient,
): Promise<FetchedFile> {
  const response = await api.fetchLink(link, query, { accept: `${accept}, application/json` });
  // Any file or the refusal envelope instead: what readCsvResponse tells apart, whatever the type.
  const outcome = await readCsvResponse(response);
  switch (outcome.kind) {
    case 'file':
      return outcome;
    case 'envelope': {
      const { verdict } = outcome;
      if (verdict.kind === 'sessionExpired') {
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      } else {
        toastError('msg' in verdict && verdict.msg !== '' ? verdict.msg : fallbackMessage('format'));
      }
      throw new Error(`File refused (${verdict.kind})`);
    }
    case 'failed':
      toastError(fallbackMessage('format'));
      throw new Error(`File failed with HTTP ${outcome.status}`);
  }
}
