import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/**
 * Proxy passwords are shown to their owner (the proxy generator puts them in lines), so they are
 * stored reversibly — but encrypted (AES-256-GCM, key derived from PROXY_PASSWORD_KEY), so a
 * database dump alone does not reveal them. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */

export type ProxyPasswordKey = Buffer;

export function proxyPasswordKeyFrom(secret: string): ProxyPasswordKey {
  return Buffer.from(hkdfSync('sha256', secret, 'resiport', 'proxy-password-encryption', 32));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 characters from 62: about 95 bits, and nothing that needs escaping in a proxy line. */
export function generateProxyPassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHABET.charAt(randomInt(ALPHABET.length));
  return password;
}

export function encryptProxyPassword(key: ProxyPasswordKey, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptProxyPassword(key: ProxyPasswordKey, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) {
    throw new Error('not an encrypted proxy password');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
