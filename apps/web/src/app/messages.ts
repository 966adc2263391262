import { activeLocale } from '../lib/active-locale';
import { createIntlStore } from '../lib/intl-store';
import { setRuntimeIntl } from '../lib/runtime-intl';
import { loadNamespace } from '../locales/load-locale';
import type { Namespace } from '../locales/namespaces';

/** The page's messages in the active language (the provider renders them; see lib/intl-store.ts). */
export const appIntl = createIntlStore(
  activeLocale,
  (namespace) => loadNamespace(activeLocale, namespace),
  setRuntimeIntl,
);

/**
 * For a route chunk whose texts must be in before it renders: the chunk and the namespaces download
 * in parallel, and React Router renders the route (keeping the previous page or the loading spinner
 * meanwhile) only once both are in, so no raw message id ever shows.
 */
export async function withMessages<T>(
  namespaces: readonly Namespace[],
  importer: () => Promise<T>,
): Promise<T> {
  const [chunk] = await Promise.all([importer(), appIntl.load(namespaces)]);
  return chunk;
}
