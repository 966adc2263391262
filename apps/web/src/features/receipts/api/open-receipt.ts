import { receiptLinks, receiptNumber, type ReceiptKind } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadBlob } from '../../../lib/download';
import { fetchFile } from '../../../lib/file-fetch';

export interface ReceiptRequest {
  kind: ReceiptKind;
  id: number;
  format: 'html' | 'pdf';
  /**
   * For the printable page: a tab opened at the click itself (a tab opened after the answer arrives
   * is a pop-up that browsers block); null when the browser refused it, then the page is saved.
   */
  tab?: Window | null;
}

/** How long the page's blob URL lives: the tab has long loaded it by then, and printing needs no URL. */
const BLOB_URL_SECONDS = 60;

/**
 * A receipt (decision 038), fetched with the session (a plain link could not send JWT-TOKEN): the
 * printable page shown in its tab as a same-origin blob, the PDF saved as a file. A refusal closes
 * the tab and is toasted like any call's.
 */
export function useOpenReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id, format, tab }: ReceiptRequest) => {
      const accept = format === 'pdf' ? 'application/pdf' : 'text/html';
      const file = await fetchFile(receiptLinks.document, { kind, id, format }, accept, queryClient).catch(
        (error: unknown) => {
          tab?.close();
          throw error;
        },
      );
      const name = file.fileName ?? `receipt-${receiptNumber(kind, id)}.${format}`;
      if (format === 'html' && tab) {
        const url = URL.createObjectURL(file.blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_SECONDS * 1000);
      } else {
        downloadBlob(name, file.blob);
      }
    },
  });
}
