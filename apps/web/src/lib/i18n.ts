import {
  defaultWebLocale,
  serverLangOf,
  webLocales,
  type ServerLang,
  type WebLocale,
} from '@resiport/contract';
import { storageKeys, type StorageLike } from './auth-storage';

export function isWebLocale(value: string): value is WebLocale {
  return (webLocales as readonly string[]).includes(value);
}

/**
 * The UI locale: the stored choice when it is one we ship; otherwise the browser's language when we
 * ship it; otherwise English (docs/product.md#locale "if the active locale is not among the available ones, it
 * becomes English").
 */
export function resolveLocale(stored: string | null | undefined, browserLanguage?: string): WebLocale {
  if (stored && isWebLocale(stored)) return stored;
  if (stored) return defaultWebLocale;
  const browser = browserLanguage?.toLowerCase() ?? '';
  const match = webLocales.find((locale) => browser.startsWith(locale.slice(0, 2).toLowerCase()));
  return match ?? defaultWebLocale;
}

export function readLocale(storage: StorageLike, browserLanguage?: string): WebLocale {
  return resolveLocale(storage.getItem(storageKeys.locale), browserLanguage);
}

/** docs/product.md#locale: locales starting with he, ar, fa or ku are laid out right to left. */
const rtlPrefixes = ['he', 'ar', 'fa', 'ku'];

export function isRtlLocale(locale: string): boolean {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return rtlPrefixes.includes(language);
}

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return isRtlLocale(locale) ? 'rtl' : 'ltr';
}

/** The Accept-Language each request carries, so server messages match the UI (docs/product.md#request-wrapper). */
const acceptLanguages: Record<WebLocale, string> = { 'en-US': 'en-US', 'ru-RU': 'ru' };

export function acceptLanguageOf(locale: WebLocale): string {
  return acceptLanguages[locale];
}

export function serverLangOfLocale(locale: WebLocale): ServerLang {
  return serverLangOf[locale];
}

/** Each language names itself, so a user who cannot read the current one still finds theirs. */
export const localeLabels: Record<WebLocale, string> = { 'en-US': 'English', 'ru-RU': 'Русский' };

export interface SwitchLocaleDeps {
  storage: StorageLike;
  signedIn: boolean;
  /** POST /user/setlang; failures must not block the switch. */
  saveServerLang: (lang: ServerLang) => Promise<unknown>;
  reload: () => void;
}

/**
 * Stores the new locale and reloads (docs/product.md#locale). A signed-in account also gets the language on the
 * server first, because the server words its messages and mails in the account's language.
 */
export async function switchLocale(next: WebLocale, deps: SwitchLocaleDeps): Promise<void> {
  if (deps.signedIn) {
    await deps.saveServerLang(serverLangOf[next]).catch(() => undefined);
  }
  deps.storage.setItem(storageKeys.locale, next);
  deps.reload();
}
