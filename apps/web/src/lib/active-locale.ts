import type { WebLocale } from '@resiport/contract';
import { readLocale } from './i18n';
import { safeLocalStorage } from './browser-storage';

/**
 * The UI locale of this page load. Switching locale reloads the page (docs/product.md#locale), so it is read once
 * and stays constant; everything outside React (request headers, form rules) can read it directly.
 */
export const activeLocale: WebLocale = readLocale(safeLocalStorage(), navigator.language);
