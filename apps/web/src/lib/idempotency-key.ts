interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
  randomUUID?: () => string;
}

/**
 * A fresh idempotency key (8–64 of [A-Za-z0-9_-]). `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); elsewhere 16 random bytes in hex do the same job.
 */
export function newIdempotencyKey(random: RandomSource = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
