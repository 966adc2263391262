import { describe, expect, it, vi } from 'vitest';
import { acceptLanguageOf, directionOf, isRtlLocale, readLocale, resolveLocale, switchLocale } from './i18n';
import { memoryStorage } from './memory-storage';

describe('locale resolution', () => {
  it('keeps a stored locale we ship', () => {
    expect(resolveLocale('ru-RU')).toBe('ru-RU');
    expect(resolveLocale('en-US', 'ru')).toBe('en-US');
  });

  it('falls back to English for a stored locale we do not ship', () => {
    expect(resolveLocale('de-DE', 'ru-RU')).toBe('en-US');
    expect(resolveLocale('ru')).toBe('en-US');
  });

  it('follows the browser when nothing is stored, English otherwise', () => {
    expect(resolveLocale(null, 'ru')).toBe('ru-RU');
    expect(resolveLocale(null, 'ru-UA')).toBe('ru-RU');
    expect(resolveLocale(undefined, 'fr-FR')).toBe('en-US');
    expect(resolveLocale(null)).toBe('en-US');
  });

  it('reads umi_locale', () => {
    expect(readLocale(memoryStorage({ umi_locale: 'ru-RU' }))).toBe('ru-RU');
  });

  it('lays out he, ar, fa and ku right to left', () => {
    for (const locale of ['he-IL', 'ar-EG', 'fa-IR', 'ku-IQ', 'ar', 'he_IL']) {
      expect(isRtlLocale(locale)).toBe(true);
    }
    for (const locale of ['en-US', 'ru-RU', 'hr-HR', 'fr']) expect(isRtlLocale(locale)).toBe(false);
    expect(directionOf('fa-IR')).toBe('rtl');
    expect(directionOf('en-US')).toBe('ltr');
  });

  it('maps the UI locale to the request language', () => {
    expect(acceptLanguageOf('en-US')).toBe('en-US');
    expect(acceptLanguageOf('ru-RU')).toBe('ru');
  });
});

describe('switchLocale', () => {
  it('tells the server first when signed in, then stores and reloads', async () => {
    const storage = memoryStorage();
    const order: string[] = [];
    await switchLocale('ru-RU', {
      storage,
      signedIn: true,
      saveServerLang: async (lang) => void order.push(`server:${lang}`),
      reload: () => order.push(`reload:${storage.getItem('umi_locale') ?? ''}`),
    });
    expect(order).toEqual(['server:ru', 'reload:ru-RU']);
  });

  it('skips the server when signed out and survives its failure', async () => {
    const saveServerLang = vi.fn(async () => Promise.reject(new Error('offline')));
    const reload = vi.fn();
    await switchLocale('en-US', { storage: memoryStorage(), signedIn: false, saveServerLang, reload });
    expect(saveServerLang).not.toHaveBeenCalled();
    await switchLocale('en-US', { storage: memoryStorage(), signedIn: true, saveServerLang, reload });
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
