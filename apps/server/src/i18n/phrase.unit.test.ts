import { ResultCode } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { isPhraseKey, phrase } from './phrase';
import { en } from './phrases/en';
import { ru } from './phrases/ru';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

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
    expect(phrase('ru', 'mail', 'linkExpiry', { hours: 1.5 })).toBe('Ссылка одноразовая и действует 1.5 ч.');
    expect(phrase('ru', 'validation', 'validation.required')).toBe('Обязательное поле');
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
