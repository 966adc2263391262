/** Business constants of docs/product.md#constants, in one place so screens and tests agree. */

/** How often the session expiry is checked (docs/product.md#token-refresh). */
export const TOKEN_REFRESH_INTERVAL_MS = 360_000;

/** How long an error toast stays on screen (docs/product.md#request-wrapper). */
export const ERROR_TOAST_SECONDS = 3;

/** A page chunk that takes longer than this is treated as failed and the page reloads (docs/product.md#navigation-rules). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Minimum top-up (docs/product.md#recharge: 20 USD), largest top-up and the crypto fee: the server's numbers, from the contract. */
export { CRYPTO_FEE_PERCENT, MAX_RECHARGE_CENTS, MIN_RECHARGE_CENTS } from '@resiport/contract';

export const DEFAULT_PAYMENT_WAY = 'cryptomus';

/** Decimal units (docs/architecture.md#ledger): the UI says so next to every traffic number. */
export const BYTES_PER_GB = 1_000_000_000;
export const BYTES_PER_MB = 1_000_000;
