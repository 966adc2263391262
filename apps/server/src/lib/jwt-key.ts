import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The session signing key: JWT_SECRET when set (required when several processes share sessions);
 * otherwise a random 256-bit key created once under DATA_DIR, so `npm start` works with no setup
 * and sessions survive a restart.
 */
export function loadJwtKey(secret: string | undefined, dataDir: string): KeyObject {
  if (secret) return jwtKeyFrom(secret);
  const file = path.resolve(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return jwtKeyFrom(readFileSync(file, 'utf8').trim());
}

export function jwtKeyFrom(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
