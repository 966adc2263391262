import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `apps/server/`, with a trailing separator. */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
/** The repository's root, with a trailing separator. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Every `.ts` file under `dir` whose name passes `keep`, outside node_modules. */
function walk(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...walk(path, keep));
    } else if (keep(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/**
 * The server's test code, relative to `apps/server/`: the tests and their helpers and seeds beside
 * the code (`*.test.ts`, `*.test-helpers.ts`, `*.test-seed.ts`), and everything in `test/`.
 */
export function serverTestFiles(): string[] {
  const beside = walk(join(serverRoot, 'src'), (name) => /\.test(-helpers|-seed)?\.ts$/.test(name));
  const shared = readdirSync(join(serverRoot, 'test'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(serverRoot, 'test', name));
  return [...beside, ...shared].map((path) => relative(serverRoot, path)).sort();
}

/** The system tests (the server with real gateways) and their support code, relative to the repository. */
export function systemTestFiles(): string[] {
  return walk(join(repoRoot, 'tests', 'system'), (name) => name.endsWith('.ts'))
    .map((path) => relative(repoRoot, path))
    .sort();
}
