/** Business constants of spec §9, in one place so screens and tests agree. */

/** How often the session expiry is checked (spec §4). */
export const TOKEN_REFRESH_INTERVAL_MS = 360_000;

/** How long an error toast stays on screen (spec §8). */
export const ERROR_TOAST_SECONDS = 3;

/** A page chunk that takes longer than this is treated as failed and the page reloads (spec §2). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Minimum top-up (spec §5: 20 USD), largest top-up and the crypto fee: the server's numbers, from the contract. */
export { CRYPTO_FEE_PERCENT, MAX_RECHARGE_CENTS, MIN_RECHARGE_CENTS } from '@resiport/contract';

export const DEFAULT_PAYMENT_WAY = 'cryptomus';

/** Decimal units (design §6): the UI says so next to every traffic number. */
export const BYTES_PER_GB = 1_000_000_000;
export const BYTES_PER_MB = 1_000_000;
