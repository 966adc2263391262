import type { receipts as en } from '../en-US/receipts';
import type { Translation } from '../types';

export const receipts: Translation<typeof en> = {
  'receipt.action.open': 'Квитанция',
  'receipt.action.pdf': 'PDF',
  'receipt.open.label': 'Открыть квитанцию {number} для печати',
  'receipt.pdf.label': 'Скачать квитанцию {number} в PDF',
};
