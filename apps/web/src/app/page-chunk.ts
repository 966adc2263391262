import { CHUNK_LOAD_TIMEOUT_MS } from '../config/business';
import { safeSessionStorage } from '../lib/browser-storage';
import { loadChunk } from '../lib/lazy-chunk';
import type { PageImporter } from './route-model';

/** React Router `lazy` for a page: chunk time-out and reload-once on failure (docs/product.md#navigation-rules). */
export async function lazyPage(importer: PageImporter) {
  const module = await loadChunk(importer, {
    timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
    storage: safeSessionStorage(),
    reload: () => window.location.reload(),
  });
  return { Component: module.default };
}
