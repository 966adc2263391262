import type { WebLocale } from '@resiport/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { EnglishNamespaces, Namespace } from './namespaces';
import type { Translation } from './types';

/** A namespace file (`<locale>/<namespace>.ts`) exports its texts under the namespace's name. */
type NamespaceModule = { readonly [N in Namespace]?: Translation<EnglishNamespaces[N]> };

/**
 * One lazy loader per file: each namespace of each language is its own chunk, so the sign-in page
 * downloads only the namespaces it shows, in the active language only. The texts are typed where they
 * are written (every Russian file is a `Translation` of its English one); locales.unit.test.ts checks
 * that every language has every namespace.
 */
const namespaceFiles = import.meta.glob<NamespaceModule>('./*/*.ts');

/** One namespace's texts in one language. */
export async function loadNamespace<N extends Namespace>(
  locale: WebLocale,
  namespace: N,
): Promise<Translation<EnglishNamespaces[N]>> {
  const texts = (await namespaceFiles[`./${locale}/${namespace}.ts`]?.())?.[namespace];
  if (!texts) throw new Error(`No ${locale} texts for the ${namespace} namespace`);
  return texts;
}

/** antd's own texts (form defaults, empty tables, pagination) for the language: its own chunk too. */
export async function loadAntdLocale(locale: WebLocale): Promise<AntdLocale> {
  switch (locale) {
    case 'en-US':
      return (await import('antd/es/locale/en_US')).default;
    case 'ru-RU':
      return (await import('antd/es/locale/ru_RU')).default;
  }
}
