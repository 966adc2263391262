import { bytesToGbText, type ServerLang } from '@resiport/contract';

/**
 * How the server writes figures in a language (receipts, alert mails), the way the portal does
 * (apps/web/src/lib/format.ts): money from cents as USD with two decimals in the language's style
 * (`$20.00`, `20,00 $`), traffic as an exact GB decimal, moments in UTC, labelled, the same in every
 * language (`2026-11-25 14:03 UTC`).
 */

export const intlLocale: Record<ServerLang, string> = { 'en-us': 'en-US', ru: 'ru-RU' };
const money = new Map<ServerLang, Intl.NumberFormat>();

export function formatUsd(cents: number, lang: ServerLang): string {
  let format = money.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[lang], { style: 'currency', currency: 'USD' });
    money.set(lang, format);
  }
  return format.format(cents / 100);
}

const pad = (value: number) => String(value).padStart(2, '0');

export function formatUtc(iso: string): string {
  const date = new Date(iso);
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
  );
}

/** Traffic as an exact GB decimal (1 GB = 10^9 bytes), with the language's decimal mark: `0.5`, `0,5`. */
export function formatGb(bytes: number, lang: ServerLang): string {
  const text = bytesToGbText(bytes);
  return lang === 'ru' ? text.replace('.', ',') : text;
}

const gbUnit: Record<ServerLang, string> = { 'en-us': 'GB', ru: 'ГБ' };

/** Traffic with its unit, as a sentence says it: `0.5 GB`, `0,5 ГБ`. */
export function formatTraffic(bytes: number, lang: ServerLang): string {
  return `${formatGb(bytes, lang)} ${gbUnit[lang]}`;
}
