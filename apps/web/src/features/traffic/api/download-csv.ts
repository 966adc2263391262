import { trafficLinks } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv-download';
import {
  changesCsvQuery,
  csvFileName,
  csvQuery,
  type ChangesCsvRequest,
  type CsvRequest,
} from '../csv-export';

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
