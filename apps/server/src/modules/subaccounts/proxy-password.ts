import { randomInt } from 'node:crypto';
import { seal, sealingKeyFrom, unseal, type SealingKey } from '../../lib/sealed-box';

/**
 * Proxy passwords are shown to their owner (the proxy generator puts them in lines), so they are
 * stored reversibly — sealed (lib/sealed-box.ts, key derived from PROXY_PASSWORD_KEY), so a
 * database dump alone does not reveal them.
 */

export type ProxyPasswordKey = SealingKey;

export function proxyPasswordKeyFrom(secret: string): ProxyPasswordKey {
  return sealingKeyFrom(secret, 'proxy-password-encryption');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 characters from 62: about 95 bits, and nothing that needs escaping in a proxy line. */
export function generateProxyPassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHABET.charAt(randomInt(ALPHABET.length));
  return password;
}

export function encryptProxyPassword(key: ProxyPasswordKey, password: string): string {
  return seal(key, password);
}

export function decryptProxyPassword(key: ProxyPasswordKey, stored: string): string {
  return unseal(key, stored);
}
