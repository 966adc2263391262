import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The fast proxy-password check shared by the server and the gateway (Node only: not exported from
 * the contract's index, so the web bundle never sees it). A proxy password is checked on every new
 * tunnel, thousands a second, so it cannot be a slow KDF; the server sends the gateway an HMAC of
 * the password under a key both derive from the internal secret, and the gateway compares HMACs.
 */
export function proxyVerifierKey(internalSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', internalSecret, 'resiport', 'proxy-password-verifier', 32));
}

export function proxyPasswordVerifier(key: Buffer, password: string): string {
  return createHmac('sha256', key).update(password, 'utf8').digest('base64url');
}

/** Constant-time comparison of a presented password with a verifier. */
export function matchesVerifier(key: Buffer, password: string, verifier: string): boolean {
  const presented = Buffer.from(proxyPasswordVerifier(key, password));
  const expected = Buffer.from(verifier);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
