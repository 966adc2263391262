import type { ViewAsData } from '@resiport/contract';
import { clearSession, readAuthData, writeAuthData, type StorageLike } from './auth-storage';
import { safeLocalStorage, safeSessionStorage } from './browser-storage';

/**
 * An operator's read-only view of a customer's portal (decision 029) lives in its own tab:
 * the view's credential sits in that tab's sessionStorage (a tab opened by `window.open` starts with a
 * copy of its opener's), so the tab signs in as the customer while every other tab keeps the
 * operator's own session in localStorage. The server refuses every change in the view (10090).
 */
const VIEW_KEY = 'operatorView';

export interface OperatorView {
  token: string;
  expires_at: string;
  email: string;
}

export function readOperatorView(storage: StorageLike = safeSessionStorage()): OperatorView | null {
  const raw = storage.getItem(VIEW_KEY);
  if (raw === null) return null;
  try {
    const view = JSON.parse(raw) as Partial<OperatorView>;
    if (
      typeof view.token !== 'string' ||
      typeof view.email !== 'string' ||
      typeof view.expires_at !== 'string'
    ) {
      return null;
    }
    return { token: view.token, email: view.email, expires_at: view.expires_at };
  } catch {
    return null;
  }
}

/** Where this tab's session is: the view's in a view tab, the signed-in user's everywhere else. */
export function authStorage(): StorageLike {
  return readOperatorView() ? safeSessionStorage() : safeLocalStorage();
}

/** Whether this tab has a signed-in user (the customer, in a view tab). */
export function isSignedIn(): boolean {
  return readAuthData(authStorage()) !== null;
}

/** Forgets this tab's session: the view (the tab then shows sign-in), or the user's sign-in. */
export function forgetSession(): void {
  const storage = safeSessionStorage();
  if (readOperatorView(storage)) {
    clearSession(storage);
    storage.removeItem(VIEW_KEY);
  } else {
    clearSession(safeLocalStorage());
  }
}

/**
 * Opens `url` in a new tab holding the view: the credential is put in this tab's sessionStorage only
 * for the synchronous `window.open` that copies it, then taken out again. Null when the browser
 * blocked the tab (the caller then offers a link the operator clicks).
 */
export function openViewTab(view: ViewAsData, url: string, open = window.open.bind(window)): Window | null {
  const storage = safeSessionStorage();
  storage.setItem(VIEW_KEY, JSON.stringify(view));
  writeAuthData(storage, {
    jwt_token: view.token,
    expire_at: Math.floor(Date.parse(view.expires_at) / 1000),
  });
  try {
    return open(url, '_blank');
  } finally {
    clearSession(storage);
    storage.removeItem(VIEW_KEY);
  }
}
