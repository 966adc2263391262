import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (proxy passwords, two-factor secrets) are stored sealed with
 * AES-256-GCM, so a database dump alone does not reveal them. Each purpose gets its own key derived
 * from one configured secret (HKDF), so a key never serves two kinds of data.
 * Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export type SealingKey = Buffer;

export function sealingKeyFrom(secret: string, purpose: string): SealingKey {
  return Buffer.from(hkdfSync('sha256', secret, 'resiport', purpose, 32));
}

export function seal(key: SealingKey, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function unseal(key: SealingKey, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
