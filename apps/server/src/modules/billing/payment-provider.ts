/**
 * What billing needs from a crypto payment provider: the Cryptomus client, pointed at Cryptomus
 * itself or at the bundled sandbox (same protocol). Tests and the app build it from config.
 */
export type { CryptomusClient as PaymentProvider } from '../cryptomus/cryptomus-client';
export { paymentOutcomeOf, type PaymentOutcome } from '../cryptomus/payment-status';
export type { CryptomusPayment as PaymentProviderPayment } from '../cryptomus/payment-object';
