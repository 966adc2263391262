import { paymentWays } from '@resiport/contract';
import { paths } from '../../config/paths';
import type { StorageLike } from '../../lib/auth-storage';
import { safeSessionStorage } from '../../lib/browser-storage';
import type { OrderChoice, OrderDraft } from './order-selection';

/**
 * The order being placed, kept while its customer tops up the balance for it (the checkout is
 * another site, so the page's state is gone when the browser comes back). Per tab, and only for
 * a while: an abandoned order is not brought back a day later.
 */
const KEY = 'resiport.orderDraft';
const KEEP_MS = 3 * 60 * 60 * 1000;

interface Saved {
  draft: OrderDraft;
  savedAt: number;
}

export function saveOrderDraft(draft: OrderDraft, now = Date.now(), storage = safeSessionStorage()): void {
  storage.setItem(KEY, JSON.stringify({ draft, savedAt: now } satisfies Saved));
}

export function clearSavedOrderDraft(storage = safeSessionStorage()): void {
  storage.removeItem(KEY);
}

/** The saved order, if there is one still fresh and well formed. */
export function savedOrderDraft(now = Date.now(), storage: StorageLike = safeSessionStorage()) {
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (!isSaved(saved) || now - saved.savedAt > KEEP_MS || now < saved.savedAt) return undefined;
  return saved.draft;
}

/** The new-order page, told to bring the saved order back. */
export const resumeOrderHref = `${paths.newOrder}?resume=1`;

function isSaved(value: unknown): value is Saved {
  if (typeof value !== 'object' || value === null) return false;
  const { draft, savedAt } = value as Partial<Saved>;
  if (typeof savedAt !== 'number' || typeof draft !== 'object') return false;
  const { choice, quantityGb, coupon, way } = draft as Partial<OrderDraft>;
  return (
    (choice === undefined || isChoice(choice)) &&
    (quantityGb === null || typeof quantityGb === 'number') &&
    (coupon === undefined || typeof coupon === 'string') &&
    (paymentWays as readonly unknown[]).includes(way)
  );
}

function isChoice(choice: unknown): choice is OrderChoice {
  if (typeof choice !== 'object' || choice === null) return false;
  const { kind, packageId } = choice as { kind?: unknown; packageId?: unknown };
  if (kind === 'package') return typeof packageId === 'number';
  return kind === 'quantity' || kind === 'trial';
}
