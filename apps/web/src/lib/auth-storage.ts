import { sessionSchema, userInfoData, type Session, type UserInfo } from '@resiport/contract';
import type { Parser } from './parser';

/** Browser storage keys of docs/product.md#browser-storage, kept verbatim so existing sessions survive upgrades. */
export const storageKeys = {
  auth: 'userAuthData',
  userInfo: 'userInfo',
  pendingNavigation: 'storagePush',
  locale: 'umi_locale',
  /** Why the last session ended (the server's message), shown once on the sign-in page. */
  sessionEnded: 'sessionEnded',
} as const;

/** localStorage and sessionStorage both fit; tests pass a Map-backed fake. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readJson<T>(storage: StorageLike, key: string, parser: Parser<T>): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return parser.parse(JSON.parse(raw));
  } catch {
    // A value written by an older build or by hand is treated as absent, never trusted.
    return null;
  }
}

export function readAuthData(storage: StorageLike): Session | null {
  return readJson(storage, storageKeys.auth, sessionSchema);
}

export function writeAuthData(storage: StorageLike, session: Session): void {
  storage.setItem(storageKeys.auth, JSON.stringify(session));
}

export function readCachedUserInfo(storage: StorageLike): UserInfo | null {
  return readJson(storage, storageKeys.userInfo, userInfoData);
}

export function writeCachedUserInfo(storage: StorageLike, info: UserInfo): void {
  storage.setItem(storageKeys.userInfo, JSON.stringify(info));
}

/** Signing out and an expired session both forget the token and the cached user (docs/product.md#sessions). */
export function clearSession(storage: StorageLike): void {
  storage.removeItem(storageKeys.auth);
  storage.removeItem(storageKeys.userInfo);
}

/** Where a signed-out visitor was going, resumed after sign-in (docs/product.md#navigation-rules). */
export interface PendingNavigation {
  path: string;
  search: string;
}

/** Only plain in-app paths: `//evil.example` or `https://…` would turn a resume into an open redirect. */
export function isSafeLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function savePendingNavigation(storage: StorageLike, navigation: PendingNavigation): void {
  if (!isSafeLocalPath(navigation.path)) return;
  storage.setItem(storageKeys.pendingNavigation, JSON.stringify(navigation));
}

const pendingParser: Parser<PendingNavigation> = {
  parse(input) {
    if (typeof input !== 'object' || input === null) throw new TypeError('not an object');
    const { path, search } = input as Record<string, unknown>;
    if (typeof path !== 'string' || !isSafeLocalPath(path)) throw new TypeError('bad path');
    return { path, search: typeof search === 'string' ? search : '' };
  },
};

export function peekPendingNavigation(storage: StorageLike): PendingNavigation | null {
  return readJson(storage, storageKeys.pendingNavigation, pendingParser);
}

/** Reads and forgets the pending navigation, so it is resumed once. */
export function takePendingNavigation(storage: StorageLike): PendingNavigation | null {
  const pending = peekPendingNavigation(storage);
  storage.removeItem(storageKeys.pendingNavigation);
  return pending;
}

export function toHref(navigation: PendingNavigation): string {
  if (!navigation.search) return navigation.path;
  return navigation.search.startsWith('?')
    ? `${navigation.path}${navigation.search}`
    : `${navigation.path}?${navigation.search}`;
}

/** Keeps the server's reason a session ended for the sign-in page (sessionStorage: this tab only). */
export function saveSessionEnded(storage: StorageLike, message: string): void {
  if (message) storage.setItem(storageKeys.sessionEnded, message);
}

export function peekSessionEnded(storage: StorageLike): string | null {
  return storage.getItem(storageKeys.sessionEnded);
}

export function forgetSessionEnded(storage: StorageLike): void {
  storage.removeItem(storageKeys.sessionEnded);
}
