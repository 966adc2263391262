interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

export const GENERATED_PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const GENERATED_PASSWORD_LENGTH = 16;

// 248 = 4 × 62: bytes from 248 up are dropped, so `byte % 62` favours no character (no modulo bias).
const UNBIASED_LIMIT = 256 - (256 % GENERATED_PASSWORD_ALPHABET.length);

/**
 * A strong proxy password of letters and digits only (≈95 bits at 16 characters): nothing that
 * needs escaping in `USER:PASS@HOST:PORT` or a URL, and within the contract's proxy password rule.
 */
export function generateProxyPassword(
  random: RandomSource = globalThis.crypto,
  length = GENERATED_PASSWORD_LENGTH,
): string {
  let password = '';
  while (password.length < length) {
    for (const byte of random.getRandomValues(new Uint8Array(length * 2))) {
      if (byte >= UNBIASED_LIMIT) continue;
      password += GENERATED_PASSWORD_ALPHABET.charAt(byte % GENERATED_PASSWORD_ALPHABET.length);
      if (password.length === length) break;
    }
  }
  return password;
}
