import type { Receipt } from '@resiport/contract';
import { phrase } from '../../i18n/phrase';
import type { Placeholders } from '../../i18n/phrases/phrase-types';
import type { English, PhraseKey } from '../../i18n/phrases/phrases';
import { formatUsd, formatUtc } from '../../i18n/figures';

/**
 * A receipt as the rows both documents print (HTML and PDF say the same thing in the same order):
 * every text in the receipt's language, every figure formatted, nothing escaped yet.
 */
export interface ReceiptTexts {
  title: string;
  kind: string;
  /** `Paid 2026-11-25 14:03 UTC`, under the title. */
  paidOn: string;
  /** Label and value rows of the head: number, customer, times, method, status, what arrived. */
  facts: [string, string][];
  columns: { item: string; amount: string };
  lines: { description: string; amount: string }[];
  /** Subtotal, discount (with a coupon), fee; the total apart. */
  sums: [string, string][];
  total: [string, string];
  currency: string;
  printHint: string;
}

/** The receipt texts that take no placeholders. */
type PlainKey = {
  [Key in PhraseKey<'receipt'>]: [Placeholders<English['receipt'][Key]>] extends [never] ? Key : never;
}[PhraseKey<'receipt'>];

export function receiptTexts(receipt: Receipt): ReceiptTexts {
  const { lang } = receipt;
  const t = (key: PlainKey) => phrase(lang, 'receipt', key);
  const usd = (cents: number) => formatUsd(cents, lang);
  const facts: [string, string][] = [
    [t('number'), receipt.number],
    [t('customer'), receipt.customer_email],
    [t('created'), formatUtc(receipt.created_at)],
    [t('paidAt'), formatUtc(receipt.paid_at)],
  ];
  if (receipt.refunded_at !== null) facts.push([t('refundedAt'), formatUtc(receipt.refunded_at)]);
  facts.push([t('method'), t(`method.${receipt.payment_method}`)]);
  facts.push([t('status'), t(`status.${receipt.status}`)]);
  if (receipt.payment_received) {
    const { amount, currency } = receipt.payment_received;
    facts.push([t('received'), `${amount} ${currency}`]);
  }
  if (receipt.payment_extra_cents > 0) facts.push([t('extraCredited'), usd(receipt.payment_extra_cents)]);
  const sums: [string, string][] = [[t('subtotal'), usd(receipt.subtotal_cents)]];
  if (receipt.coupon_code !== null || receipt.discount_cents !== 0) {
    const code = receipt.coupon_code ?? '—';
    // A minus sign before the amount, as the portal writes a discount (−$3.75).
    sums.push([phrase(lang, 'receipt', 'discount', { code }), `−${usd(receipt.discount_cents)}`]);
  }
  sums.push([t('fee'), usd(receipt.fee_cents)]);
  return {
    title: phrase(lang, 'receipt', 'title', { number: receipt.number }),
    kind: t(`kind.${receipt.kind}`),
    paidOn: `${t('paidAt')} ${formatUtc(receipt.paid_at)}`,
    facts,
    columns: { item: t('item'), amount: t('amount') },
    lines: receipt.lines.map((line) => ({ description: line.description, amount: usd(line.amount_cents) })),
    sums,
    total: [t('total'), usd(receipt.total_cents)],
    currency: t('currency'),
    printHint: t('printHint'),
  };
}
