import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A server secret: the configured value when set (required when several processes must agree);
 * otherwise a random 256-bit value created once in `dataDir/fileName` (mode 600), so `npm start`
 * works with no setup and the secret survives a restart.
 */
export function secretFromConfigOrFile(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, fileName);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
