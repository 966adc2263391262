import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, serverTestFiles, systemTestFiles } from './test-files';

/**
 * The server's and the system tests read an API answer through its endpoint object: `t.send` (or
 * the endpoint client) checks a success's `data` against the response schema and types it, and
 * `successData`, `passThroughData` or the contract's schemas (`validationDetailsSchema`, an
 * endpoint's `response`) read it, so a changed schema breaks the test at compile time. A cast of
 * the answer (`answer.data as {…}`, `x as unknown as Y`) would hide that change; this guard fails on
 * a new one.
 */

/**
 * Casts that are not an API answer, each by file and the cast itself, with why it stays. Any other
 * `.data as` or `as unknown as` in these files still fails.
 */
const ALLOWED: { file: string; cast: string; why: string }[] = [
  {
    file: 'apps/server/src/db/payment-statuses-migration.test.ts',
    cast: 'db as unknown as Kysely<unknown>',
    why: 'a migration is typed against no schema (it runs on any version of it)',
  },
  {
    file: 'apps/server/src/db/usage-rollups.test.ts',
    cast: 'db as unknown as Kysely<unknown>',
    why: 'a migration is typed against no schema (it runs on any version of it)',
  },
  {
    file: 'apps/server/test/cryptomus-sandbox-harness.ts',
    cast: 'db as unknown as Kysely<unknown>',
    why: "the sandbox's own table, made as a migration makes it (typed against no schema)",
  },
];

const CAST = /\.data as |as unknown as/;
const SELF = 'apps/server/test/no-answer-casts.unit.test.ts';

/** Every file the guard reads, relative to the repository. */
function testFiles(): string[] {
  return [...serverTestFiles().map((file) => `apps/server/${file}`), ...systemTestFiles()];
}

describe('tests read API answers through the contract, not casts', () => {
  it('finds the server and system test files', () => {
    const files = testFiles();
    expect(files).toContain('apps/server/src/ownership.test.ts');
    expect(files).toContain('apps/server/test/alerts.ts');
    expect(files).toContain('tests/system/exit-pool-console.test.ts');
    expect(files).toContain('tests/system/support/server-api.ts');
  });

  it('has no `.data as` or `as unknown as` cast outside the allowed ones', () => {
    const offences: string[] = [];
    for (const file of testFiles()) {
      if (file === SELF) continue;
      const allowed = ALLOWED.filter((entry) => entry.file === file).map((entry) => entry.cast);
      readFileSync(join(repoRoot, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (CAST.test(line) && !allowed.some((cast) => line.includes(cast))) {
            offences.push(`${file}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(
      offences,
      'read the answer through successData(answer), passThroughData(endpoint, code, answer) or a contract schema',
    ).toEqual([]);
  });

  it('allows only casts that are still there', () => {
    for (const { file, cast } of ALLOWED) {
      expect(readFileSync(join(repoRoot, file), 'utf8'), file).toContain(cast);
    }
  });
});
