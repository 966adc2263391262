import type { en } from './en';
import type { TranslationOf } from './phrase-types';

/** The English phrases, the reference: sections → keys → texts. */
export type English = typeof en;

/** What every other language's phrases must be (see phrase-types.ts). */
export type Phrases = TranslationOf<English>;

export type PhraseSection = keyof English;
export type PhraseKey<Section extends PhraseSection> = keyof English[Section] & string;
