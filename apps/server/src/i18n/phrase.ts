import { langFromAcceptLanguage, type ServerLang } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import { fillPlaceholders } from './fill-placeholders';
import { en } from './phrases/en';
import type { ParamsArgument, PhraseParams, Placeholders } from './phrases/phrase-types';
import type { English, PhraseKey, Phrases, PhraseSection } from './phrases/phrases';
import { ru } from './phrases/ru';

export type { PhraseKey, PhraseSection } from './phrases/phrases';

const phrasebooks: Record<ServerLang, Phrases> = { 'en-us': en, ru };

/**
 * The one way the server words things: a section's text in a language, its `{name}` placeholders
 * and `{name, plural, …}` counts filled from `params` (required, and typed, exactly when the English
 * text has placeholders; see fill-placeholders.ts).
 */
export function phrase<Section extends PhraseSection, Key extends PhraseKey<Section>>(
  lang: ServerLang,
  section: Section,
  key: Key,
  ...[params]: ParamsArgument<English[Section][Key]>
): string {
  const texts: Readonly<Record<string, string>> = phrasebooks[lang][section];
  const values: Readonly<Record<string, string | number | undefined>> = params ?? {};
  return fillPlaceholders(lang, texts[key] ?? key, values);
}

/** Whether `key` names a text of the section (e.g. a zod message that is one of our validation keys). */
export function isPhraseKey<Section extends PhraseSection>(
  section: Section,
  key: string,
): key is PhraseKey<Section> {
  return Object.hasOwn(en[section], key);
}

/** A result-code text (or a success text) that has no placeholders: what `ok()` may answer with. */
export type PlainCodeKey = {
  [Key in PhraseKey<'codes'>]: [Placeholders<English['codes'][Key]>] extends [never] ? Key : never;
}[PhraseKey<'codes'>];

/** Values for a `codes` text chosen at run time (AppError carries them to the error handler). */
export type CodeParams = Partial<PhraseParams<English['codes'][PhraseKey<'codes'>]>>;

/** The account's chosen language when signed in, else the browser's Accept-Language. */
export function requestLang(request: FastifyRequest): ServerLang {
  return request.account?.lang ?? langFromAcceptLanguage(request.headers['accept-language']);
}
