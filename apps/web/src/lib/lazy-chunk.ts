import type { StorageLike } from './auth-storage';

/** Set before a reload caused by a failed chunk, so a chunk that keeps failing cannot loop reloads. */
export const CHUNK_RELOAD_FLAG = 'chunkReloadAttempted';

export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`Page code did not load within ${ms} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/** Rejects when `promise` has not settled within `ms` (docs/product.md#navigation-rules: chunk load time-out 120 s). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface ChunkLoadDeps {
  timeoutMs: number;
  storage: StorageLike;
  reload: () => void;
}

/**
 * Loads a page chunk. When it fails (typically a deploy replaced the hashed files) the page reloads
 * once to pick up the new build; a second failure in a row is thrown to the route's error screen.
 */
export async function loadChunk<T>(importer: () => Promise<T>, deps: ChunkLoadDeps): Promise<T> {
  try {
    const chunk = await withTimeout(importer(), deps.timeoutMs);
    deps.storage.removeItem(CHUNK_RELOAD_FLAG);
    return chunk;
  } catch (error) {
    if (deps.storage.getItem(CHUNK_RELOAD_FLAG) !== null) {
      deps.storage.removeItem(CHUNK_RELOAD_FLAG);
      throw error;
    }
    deps.storage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
    deps.reload();
    // Keep the loading state until the reload replaces the page.
    return new Promise<T>(() => undefined);
  }
}
