import { z } from 'zod';

/** Locales of the web app (stored in localStorage `umi_locale`). */
export const webLocales = ['en-US', 'ru-RU'] as const;
export type WebLocale = (typeof webLocales)[number];
export const defaultWebLocale: WebLocale = 'en-US';

/** Language codes the server stores per account (docs/product.md#locale: "server codes en-us and ru"). */
export const serverLangs = ['en-us', 'ru'] as const;
export const serverLangSchema = z.enum(serverLangs);
export type ServerLang = z.infer<typeof serverLangSchema>;

export const serverLangOf: Record<WebLocale, ServerLang> = { 'en-US': 'en-us', 'ru-RU': 'ru' };
export const webLocaleOf: Record<ServerLang, WebLocale> = { 'en-us': 'en-US', ru: 'ru-RU' };

/** Picks our language from an Accept-Language header value; English unless Russian comes first. */
export function langFromAcceptLanguage(header: string | undefined): ServerLang {
  if (!header) return 'en-us';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en-us';
  }
  return 'en-us';
}
