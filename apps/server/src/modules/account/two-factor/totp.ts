import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through `otpauth`: SHA-1, 6 digits, 30 s — what every authenticator app reads
 * from an otpauth:// URI. A code is accepted one step either side of now (clock drift), and the
 * caller keeps the accepted step so a code is good once.
 */
const PERIOD_SECONDS = 30;
const ACCEPTED_DRIFT_STEPS = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function totpUri(secretBase32: string, email: string, issuer: string): string {
  return totpOf(secretBase32, email, issuer).toString();
}

/** The time step `code` belongs to, or null when it matches none within the drift. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: now.getTime(),
    window: ACCEPTED_DRIFT_STEPS,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator shows at `at` (tests and the e2e journey act as the phone). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}
