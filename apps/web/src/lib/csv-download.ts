import type { Link, LinkInput } from '@resiport/contract';
import type { QueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { downloadBlob } from './download';
import { fetchFile } from './file-fetch';
import { runtimeMessage } from './runtime-intl';

/**
 * A CSV export (the traffic links, the console's ledger) fetched with the session (file-fetch.ts)
 * and saved as a file: the server's name, else `fallbackName`; refusals are toasted there.
 */
export async function downloadCsv<L extends Link>(
  link: L,
  query: LinkInput<L>,
  fallbackName: string,
  queryClient: QueryClient,
): Promise<void> {
  const file = await fetchFile(link, query, 'text/csv', queryClient);
  downloadBlob(file.fileName ?? fallbackName, file.blob);
  if (file.truncated) {
    void message.warning(runtimeMessage('usage.csv.truncated', 'The file holds the newest rows only'), 6);
  }
}
