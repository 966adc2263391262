import type { ResultCodeName } from '@resiport/contract';

/**
 * Types that make every language's phrases follow the English ones: the same sections, the same keys,
 * and each text carrying the `{name}` placeholders of its English text (in any order).
 */

/**
 * What follows a plural's first option: the remaining `key {text}` options are skipped up to the
 * brace that closes the plural (options hold no nested placeholders, see fill-placeholders.ts).
 */
type AfterPlural<Rest> = Rest extends `${infer Head}}${infer After}`
  ? Head extends `${string}{${string}`
    ? AfterPlural<After>
    : After
  : '';

/**
 * The placeholder names of a text: `'{min} to {max}'` → `'min' | 'max'`; a plural
 * `'{hours, plural, one {# hour} other {# hours}}'` → `'hours'`.
 */
export type Placeholders<Text> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name extends `${infer Arg}, plural,${string}`
    ? Arg | Placeholders<AfterPlural<Rest>>
    : Name | Placeholders<Rest>
  : never;

/** Any text that contains each placeholder of `Text`, a plural one as a plural (with its own options). */
type Carrying<Text> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name extends `${infer Arg}, plural,${string}`
    ? `${string}{${Arg}, plural,${string}` & Carrying<AfterPlural<Rest>>
    : `${string}{${Name}}${string}` & Carrying<Rest>
  : string;

/** What a translation of the phrases `T` must be: sections and keys exactly T's, placeholders kept. */
export type TranslationOf<T> = {
  readonly [Section in keyof T]: { readonly [Key in keyof T[Section]]: Carrying<T[Section][Key]> };
};

/** The values that fill a text's placeholders. */
export type PhraseParams<Text> = Readonly<Record<Placeholders<Text>, string | number>>;

/** True for a union: a key chosen at run time among several texts. */
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/**
 * The arguments after the key: none for a plain text, its values for a templated one. For a key chosen
 * at run time (a union) the values of any of its texts, each optional: which one applies is not known.
 */
export type ParamsArgument<Text> = [Placeholders<Text>] extends [never]
  ? []
  : true extends IsUnion<Text>
    ? [params: Partial<PhraseParams<Text>>]
    : [params: PhraseParams<Text>];

/** What the English phrases must hold: sections of texts, `codes` with a text for every result code. */
export type EnglishShape = Readonly<Record<string, Readonly<Record<string, string>>>> & {
  readonly codes: Readonly<Record<ResultCodeName, string> & Record<string, string>>;
};
