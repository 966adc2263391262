/** Receipts of paid top-ups and orders (decision 038): the row actions that open them. */
export const receipts = {
  'receipt.action.open': 'Receipt',
  'receipt.action.pdf': 'PDF',
  'receipt.open.label': 'Open the printable receipt {number}',
  'receipt.pdf.label': 'Download the receipt {number} as PDF',
};
