import {
  BYTES_PER_GB,
  MAX_TRAFFIC_GB,
  parseGbToBytes,
  type SubAccount,
  type trafficActions,
} from '@resiport/contract';
import { exactGbText, normalizeGbText } from '../../lib/gb-text';

// Moved to lib/ (the console's catalogue forms read GB too); still exported from here for this feature.
export { exactGbText, normalizeGbText };

export type TrafficAction = (typeof trafficActions)[number];

/** Why a typed amount cannot be moved; the form turns each into a localized message. */
export type TrafficProblem = 'required' | 'format' | 'zero' | 'max';

export type TrafficCheck = { ok: true; bytes: number; text: string } | { ok: false; problem: TrafficProblem };

/**
 * A GB amount typed into a traffic field, judged as the contract's `trafficGbSchema` will judge it
 * (at most 9 decimals, i.e. whole bytes), and against what can be moved (`maxBytes`). `text` is
 * what to send. An initial allocation may be zero (nothing to give); a move may not.
 */
export function checkTrafficAmount(
  input: string | undefined | null,
  maxBytes: number,
  options: { allowZero?: boolean } = {},
): TrafficCheck {
  const text = normalizeGbText(input);
  if (text === '') return { ok: false, problem: 'required' };
  const bytes = parseGbToBytes(text);
  if (bytes === undefined || bytes > MAX_TRAFFIC_GB * BYTES_PER_GB) return { ok: false, problem: 'format' };
  if (bytes === 0 && options.allowZero !== true) return { ok: false, problem: 'zero' };
  if (bytes > Math.max(0, maxBytes)) return { ok: false, problem: 'max' };
  return { ok: true, bytes, text };
}

/**
 * An amount to move as the forms state it ("Available", "At most", the toast): exact to the byte
 * like the field "Max" fills, with at least two decimals like every other figure — "8.495", "3.00".
 */
export function exactGbFigure(bytes: number): string {
  const [whole, fraction = ''] = exactGbText(bytes).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** What one move can take: allocating draws on the main account, recycling on the sub-account. */
export function trafficMaxFor(
  action: TrafficAction,
  mainLeftBytes: number,
  sub: Pick<SubAccount, 'traffic_left_bytes'>,
): number {
  return Math.max(0, action === 'allocate' ? mainLeftBytes : sub.traffic_left_bytes);
}
