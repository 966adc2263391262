import type { StorageLike } from './auth-storage';
import { memoryStorage } from './memory-storage';

/**
 * The browser's storages, or an in-memory stand-in where access throws (some private modes and
 * sandboxed frames), so the app still runs there, just without persistence.
 */
function pick(get: () => Storage): StorageLike {
  try {
    const storage = get();
    storage.getItem('probe');
    return storage;
  } catch {
    return memoryStorage();
  }
}

let local: StorageLike | undefined;
let session: StorageLike | undefined;

export function safeLocalStorage(): StorageLike {
  local ??= pick(() => window.localStorage);
  return local;
}

export function safeSessionStorage(): StorageLike {
  session ??= pick(() => window.sessionStorage);
  return session;
}
