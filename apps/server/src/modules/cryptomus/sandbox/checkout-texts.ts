import type { ServerLang } from '@resiport/contract';
import { phrase, type PhraseKey } from '../../../i18n/phrase';

/** The checkout page's words in one language: the `sandbox` phrases (i18n/phrases). */
export type CheckoutTexts = (key: PhraseKey<'sandbox'>) => string;

const textsIn =
  (lang: ServerLang): CheckoutTexts =>
  (key) =>
    phrase(lang, 'sandbox', key);

/** By language, as the routes pick them (from Accept-Language). */
export const checkoutTexts: Record<ServerLang, CheckoutTexts> = {
  'en-us': textsIn('en-us'),
  ru: textsIn('ru'),
};
