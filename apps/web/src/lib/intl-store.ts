import type { WebLocale } from '@resiport/contract';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Namespace } from '../locales/namespaces';
import type { LoadedMessages, MessageId } from '../locales/types';

/**
 * The page's messages, growing with the code split: the public namespaces before the first paint,
 * the signed-in ones with the shell (locales/namespaces.ts). Each load merges its namespaces into
 * one table and publishes a new IntlShape, which the provider hands to react-intl (and to code
 * outside React through runtime-intl). The locale itself never changes: switching reloads the page.
 */
export interface IntlStore {
  /** Resolves once every namespace listed is in the published IntlShape; each downloads once. */
  load: (namespaces: readonly Namespace[]) => Promise<void>;
  /** The IntlShape with everything loaded so far (a new object after each load). */
  current: () => IntlShape;
  subscribe: (listener: () => void) => () => void;
}

export function createIntlStore(
  locale: WebLocale,
  load: (namespace: Namespace) => Promise<LoadedMessages>,
  onPublish: (intl: IntlShape) => void = () => undefined,
): IntlStore {
  const cache = createIntlCache();
  let messages: LoadedMessages = {};
  // react-intl types the table as the whole catalogue; ours holds what has loaded so far, and a route
  // renders only once its namespaces are in (app/messages.ts `withMessages`).
  const intlOf = (table: LoadedMessages) =>
    createIntl({ locale, messages: table as Record<MessageId, string> }, cache);
  let intl = intlOf(messages);
  const merged = new Set<Namespace>();
  const downloads = new Map<Namespace, Promise<LoadedMessages>>();
  const listeners = new Set<() => void>();

  const download = (namespace: Namespace): Promise<LoadedMessages> => {
    let pending = downloads.get(namespace);
    if (!pending) {
      pending = load(namespace);
      // A failed download may be retried (the route's chunk loader reloads or shows the error screen).
      pending.catch(() => downloads.delete(namespace));
      downloads.set(namespace, pending);
    }
    return pending;
  };

  return {
    load: async (namespaces) => {
      const loaded = await Promise.all(namespaces.map(download));
      const fresh = namespaces.filter((namespace) => !merged.has(namespace));
      if (fresh.length === 0) return;
      fresh.forEach((namespace) => merged.add(namespace));
      // One new IntlShape per load (not per namespace): the tree re-renders once.
      messages = Object.assign({}, messages, ...loaded) as LoadedMessages;
      intl = intlOf(messages);
      onPublish(intl);
      listeners.forEach((listener) => listener());
    },
    current: () => intl,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
