import { formatTrafficAmount, type ServerLang } from '@resiport/contract';

/**
 * How the server writes figures in a language (receipts, alert mails), the way the portal does
 * (apps/web/src/lib/format.ts): money from cents as USD with two decimals in the language's style
 * (`$20.00`, `20,00 $`), traffic by the contract's one rule (`10.00 GB`, `170.00 MB`, `0,50 ГБ`:
 * packages/contract/src/traffic-format.ts), moments in UTC, labelled, the same in every language
 * (`2026-11-25 14:03 UTC`).
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

/** Traffic with its unit, as the portal shows it: `10.00 GB`, `170.00 MB`, `0,50 ГБ`. */
export function formatTraffic(bytes: number, lang: ServerLang): string {
  return formatTrafficAmount(bytes, intlLocale[lang]);
}
