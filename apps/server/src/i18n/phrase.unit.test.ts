import { ResultCode } from '@resiport/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isPhraseKey, phrase } from './phrase';
import { en } from './phrases/en';
import type { Placeholders, TranslationOf } from './phrases/phrase-types';
import { ru } from './phrases/ru';

/** `{name}` and `{name, plural, …}` (a plural must stay a plural in every language). */
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)(\}|,\s*plural,)/g)]
    .map((m) => `${m[1]}${m[2] === '}' ? '' : ' (plural)'}`)
    .sort();

/** section.key → text, for comparing the languages whole. */
const flatten = (phrases: Record<string, Record<string, string>>) =>
  new Map(
    Object.entries(phrases).flatMap(([section, texts]) =>
      Object.entries(texts).map(([key, text]) => [`${section}.${key}`, text] as const),
    ),
  );

describe('server phrases', () => {
  const english = flatten(en);
  const russian = flatten(ru);

  it('has the same sections and keys in every language', () => {
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps exactly the English placeholders in every translation', () => {
    for (const [key, text] of english) {
      expect(placeholdersOf(russian.get(key) ?? ''), key).toEqual(placeholdersOf(text));
    }
  });

  it('has no empty text', () => {
    for (const [key, text] of [...english, ...russian]) expect(text.trim(), key).not.toBe('');
  });

  it('words every result code', () => {
    for (const code of Object.keys(ResultCode)) expect(isPhraseKey('codes', code), code).toBe(true);
  });

  it('fills placeholders in the chosen language', () => {
    expect(phrase('en-us', 'codes', 'AmountTooSmall', { min: 5 })).toBe('The minimum top-up is 5 USD');
    expect(phrase('ru', 'mail', 'linkExpiry', { hours: 1.5 })).toBe(
      'Ссылка одноразовая и действует 1,5 часа.',
    );
    expect(phrase('ru', 'validation', 'validation.required')).toBe('Обязательное поле');
  });

  it("words counts by each language's plural rules (ICU plural syntax), in mails too", () => {
    const expiry = (lang: 'en-us' | 'ru', hours: number) => phrase(lang, 'mail', 'linkExpiry', { hours });
    expect(expiry('en-us', 1)).toBe('The link works once and expires in 1 hour.');
    expect(expiry('en-us', 24)).toBe('The link works once and expires in 24 hours.');
    expect(expiry('en-us', 0.5)).toBe('The link works once and expires in 0.5 hours.');
    expect([1, 2, 5, 11, 21, 22, 25, 0.5].map((hours) => expiry('ru', hours).slice(31))).toEqual([
      '1 час.',
      '2 часа.',
      '5 часов.',
      '11 часов.',
      '21 час.',
      '22 часа.',
      '25 часов.',
      '0,5 часа.',
    ]);
    expect(phrase('en-us', 'codes', 'SubAccountLimit', { limit: 1 })).toBe(
      'You can have up to 1 sub-account; delete one to add another',
    );
    expect(phrase('ru', 'codes', 'SubAccountLimit', { limit: 50 })).toContain('не более 50 субаккаунтов;');
    expect(phrase('ru', 'codes', 'SubAccountLimit', { limit: 21 })).toContain('не более 21 субаккаунта;');
  });

  it("types a plural's name as a placeholder and nothing inside its options", () => {
    expectTypeOf<Placeholders<'in {hours, plural, one {# hour} other {# hours}} at {app}'>>().toEqualTypeOf<
      'hours' | 'app'
    >();
    expectTypeOf<
      Placeholders<'{n, plural, =0 {none} one {# IP} few {# IP} other {# IPs}}'>
    >().toEqualTypeOf<'n'>();
  });

  it('makes a translation keep a plural a plural', () => {
    interface English {
      mail: { expiry: 'in {hours, plural, one {# hour} other {# hours}}' };
    }
    const good: TranslationOf<English> = { mail: { expiry: 'за {hours, plural, other {# ч}}' } };
    // @ts-expect-error -- a bare `{hours}` would say "1 hours" again
    const bad: TranslationOf<English> = { mail: { expiry: 'за {hours} ч' } };
    expect([good, bad]).toHaveLength(2);
  });

  it('leaves a plural whose value is not a number as written', () => {
    expect(phrase('en-us', 'mail', 'linkExpiry', { hours: 'soon' })).toContain('{hours, plural,');
  });

  it('does not read a filled-in value as a placeholder', () => {
    expect(phrase('en-us', 'mail', 'activation.subject', { app: '{hours}' })).toBe(
      'Activate your {hours} account',
    );
  });

  it('recognises only its own keys', () => {
    expect(isPhraseKey('validation', 'validation.ip')).toBe(true);
    expect(isPhraseKey('validation', 'constructor')).toBe(false);
    expect(isPhraseKey('sandbox', 'status.unknown')).toBe(false);
  });
});
