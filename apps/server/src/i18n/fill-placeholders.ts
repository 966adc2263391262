import type { ServerLang } from '@resiport/contract';
import { intlLocale } from './figures';

/**
 * Fills a phrase's placeholders: `{name}` takes the value as it is; `{name, plural, one {# hour}
 * other {# hours}}` (ICU plural syntax, the web's too) picks the option by the language's plural
 * rules (`Intl.PluralRules`: en one/other, ru one/few/many/other), an exact `=N` first, and writes
 * the number for `#`. Options hold text and `#` only, no nested placeholders (phrase-types.ts checks
 * the names). One pass over the template: a filled-in value is never read as a placeholder.
 */

const pluralRules = new Map<ServerLang, Intl.PluralRules>();
const numberFormats = new Map<ServerLang, Intl.NumberFormat>();

const placeholder =
  /\{(\w+)(?:,\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*)?\}/g;
const pluralOption = /(=\d+|\w+)\s*\{([^{}]*)\}/g;

function cached<T>(map: Map<ServerLang, T>, lang: ServerLang, make: (locale: string) => T): T {
  let value = map.get(lang);
  if (!value) map.set(lang, (value = make(intlLocale[lang])));
  return value;
}

function choosePlural(lang: ServerLang, count: number, options: string): string | undefined {
  const byKey = new Map([...options.matchAll(pluralOption)].map(([, key, text]) => [key, text]));
  const rules = cached(pluralRules, lang, (locale) => new Intl.PluralRules(locale));
  const text = byKey.get(`=${count}`) ?? byKey.get(rules.select(count)) ?? byKey.get('other');
  const number = cached(
    numberFormats,
    lang,
    (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
  );
  return text?.replaceAll('#', number.format(count));
}

export function fillPlaceholders(
  lang: ServerLang,
  template: string,
  values: Readonly<Record<string, string | number | undefined>>,
): string {
  // Most texts (every success answer's) have no placeholder: no regular expression pass for them.
  if (!template.includes('{')) return template;
  return template.replace(placeholder, (whole, name: string, options: string | undefined) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (options === undefined) return String(value);
    const count = Number(value);
    return Number.isFinite(count) ? (choosePlural(lang, count, options) ?? whole) : whole;
  });
}
