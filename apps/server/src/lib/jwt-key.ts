import { createSecretKey, type KeyObject } from 'node:crypto';
import { secretFromConfigOrFile } from './secret-file';

/** The session signing key: JWT_SECRET, or a key generated once under DATA_DIR. */
export function loadJwtKey(secret: string | undefined, dataDir: string): KeyObject {
  return jwtKeyFrom(secretFromConfigOrFile(secret, dataDir, 'jwt-secret'));
}

export function jwtKeyFrom(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
