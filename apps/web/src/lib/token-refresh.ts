import type { Session } from '@resiport/contract';
import { readAuthData, writeAuthData, type StorageLike } from './auth-storage';

/** `expire_at` is in unix seconds (docs/product.md#browser-storage); the session is due for refresh once it has passed. */
export function isRefreshDue(session: Session, nowMs: number): boolean {
  return nowMs >= session.expire_at * 1000;
}

export interface RefreshDeps {
  storage: StorageLike;
  now: () => number;
  /** GET /user/refreshToken */
  refresh: () => Promise<Session>;
}

export type RefreshOutcome = 'signedOut' | 'notDue' | 'refreshed' | 'failed';

/**
 * One tick of the refresh check (docs/product.md#token-refresh): only when the stored expiry has passed is the refresh
 * call made, and on success the stored login data is replaced. A 10013 answer is handled by the
 * request wrapper (it signs the user out); other failures leave the session for the next tick.
 */
export async function refreshIfDue(deps: RefreshDeps): Promise<RefreshOutcome> {
  const session = readAuthData(deps.storage);
  if (!session) return 'signedOut';
  if (!isRefreshDue(session, deps.now())) return 'notDue';
  let fresh: Session;
  try {
    fresh = await deps.refresh();
  } catch {
    return 'failed';
  }
  // Signed out (or signed in again) while the call was in flight: do not bring the old session back.
  if (readAuthData(deps.storage)?.jwt_token !== session.jwt_token) return 'signedOut';
  writeAuthData(deps.storage, fresh);
  return 'refreshed';
}
