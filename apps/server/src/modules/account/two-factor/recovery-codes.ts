import { createHmac, randomInt } from 'node:crypto';
import type { SealingKey } from '../../../lib/sealed-box';

/**
 * Ten single-use recovery codes, `xxxxx-xxxxx` in base32 (50 random bits each). Stored as
 * HMAC-SHA256 under a server key, so a database dump alone cannot be searched for them; guessing
 * online is bounded by the two-factor attempt limits.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += ALPHABET.charAt(randomInt(ALPHABET.length));
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The stored form of a code as typed: case and the dash do not matter. */
export function recoveryCodeHash(key: SealingKey, accountId: number, code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z2-7]/g, '');
  return createHmac('sha256', key).update(`${accountId}:${normalized}`).digest('hex');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z2-7]{5}-?[a-z2-7]{5}$/i.test(code.trim());
}
