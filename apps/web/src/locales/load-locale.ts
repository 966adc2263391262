import type { WebLocale } from '@resiport/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { EnglishNamespaces, Namespace } from './namespaces';
import type { Translation } from './types';

/**
 * One loader per namespace and language: each namespace file is its own chunk, so the sign-in page
 * downloads only the namespaces it shows, in the active language only. Typed against English, so a
 * language lacking a namespace (or a key in one) does not compile.
 */
type NamespaceLoaders = { readonly [N in Namespace]: () => Promise<Translation<EnglishNamespaces[N]>> };

const english: NamespaceLoaders = {
  account: () => import('./en-US/account').then((module) => module.account),
  auth: () => import('./en-US/auth').then((module) => module.auth),
  common: () => import('./en-US/common').then((module) => module.common),
  dashboard: () => import('./en-US/dashboard').then((module) => module.dashboard),
  generator: () => import('./en-US/generator').then((module) => module.generator),
  layout: () => import('./en-US/layout').then((module) => module.layout),
  menu: () => import('./en-US/menu').then((module) => module.menu),
  orders: () => import('./en-US/orders').then((module) => module.orders),
  proxy: () => import('./en-US/proxy').then((module) => module.proxy),
  recharge: () => import('./en-US/recharge').then((module) => module.recharge),
  usage: () => import('./en-US/usage').then((module) => module.usage),
};

const russian: NamespaceLoaders = {
  account: () => import('./ru-RU/account').then((module) => module.account),
  auth: () => import('./ru-RU/auth').then((module) => module.auth),
  common: () => import('./ru-RU/common').then((module) => module.common),
  dashboard: () => import('./ru-RU/dashboard').then((module) => module.dashboard),
  generator: () => import('./ru-RU/generator').then((module) => module.generator),
  layout: () => import('./ru-RU/layout').then((module) => module.layout),
  menu: () => import('./ru-RU/menu').then((module) => module.menu),
  orders: () => import('./ru-RU/orders').then((module) => module.orders),
  proxy: () => import('./ru-RU/proxy').then((module) => module.proxy),
  recharge: () => import('./ru-RU/recharge').then((module) => module.recharge),
  usage: () => import('./ru-RU/usage').then((module) => module.usage),
};

const loaders: Record<WebLocale, NamespaceLoaders> = { 'en-US': english, 'ru-RU': russian };

/** One namespace's texts in one language. */
export function loadNamespace<N extends Namespace>(
  locale: WebLocale,
  namespace: N,
): Promise<Translation<EnglishNamespaces[N]>> {
  return loaders[locale][namespace]();
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
