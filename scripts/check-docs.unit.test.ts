import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, checkDocs, formatProblem, githubSlug } from './check-docs';

const dirs: string[] = [];

/** A small repository in a temp dir (not a git repository, so every file is checked). */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'check-docs-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A clean repository: every link, anchor, script and variable resolves. */
function cleanFiles(): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: 'x', scripts: { build: 'true', 'check:docs': 'true' } }),
    'apps/web/package.json': JSON.stringify({ name: '@x/web', scripts: { dev: 'vite' } }),
    'apps/web/src/lib/format.ts': '/** Units: docs/product.md#units-and-time. */\nexport {};\n',
    'apps/server/src/config.ts': [
      'const envSchema = z.object({',
      '  PORT: z.coerce.number().default(8080),',
      '  OLD_NAME: z.preprocess((v) => v, z.undefined({ error: "renamed" })),',
      '  DATA_DIR: z.string().default("./data"),',
      '});',
    ].join('\n'),
    '.env.example': 'PORT=8080\nDATA_DIR=./data\n',
    'README.md': [
      '# X',
      '',
      'Run `npm run build`, or `npm run dev -w @x/web`. Requirements: [product](docs/product.md#sub-accounts).',
      'Formatting lives in `apps/web/src/lib/format.ts` (`lib/format.ts` for short); output goes to `apps/web/dist`.',
      '',
      '| variable | default |',
      '|---|---|',
      '| `PORT` | `8080` |',
      '| `DATA_DIR` | `./data` |',
    ].join('\n'),
    '.gitignore': 'dist/\n',
    'docs/product.md': [
      '# Product',
      '',
      '<a id="sub-accounts"></a>',
      '',
      '## Units and time',
      '',
      'See [the top](#product) and [units](#units-and-time).',
    ].join('\n'),
  };
}

describe('check-docs', () => {
  it('passes a clean repository', () => {
    expect(checkDocs(fixture(cleanFiles())).map(formatProblem)).toEqual([]);
  });

  it('finds a link and a backticked path to files that do not exist', () => {
    const files = cleanFiles();
    files['CONTRIBUTING.md'] =
      '# Contributing\n\nSee [testing](docs/testing.md).\n\nNumbers go through `lib/units.ts` and `apps/web/src/lib/dates.ts`.\n';
    expect(checkDocs(fixture(files)).map(formatProblem)).toEqual([
      'CONTRIBUTING.md:3: link docs/testing.md: no such file: docs/testing.md',
      'CONTRIBUTING.md:5: no file ends with: lib/units.ts',
      'CONTRIBUTING.md:5: no such path: apps/web/src/lib/dates.ts',
    ]);
  });

  it('finds a missing anchor, in a doc link and in a code comment', () => {
    const files = cleanFiles();
    files['docs/guide.md'] = '# Guide\n\n[Whitelist](product.md#whitelist) and [here](#nowhere).\n';
    files['apps/web/src/lib/ip.ts'] = '// The IP check (docs/product.md#ip-addresses).\nexport {};\n';
    expect(checkDocs(fixture(files)).map(formatProblem)).toEqual([
      'apps/web/src/lib/ip.ts:1: docs/product.md#ip-addresses: no anchor #ip-addresses in docs/product.md',
      'docs/guide.md:3: link product.md#whitelist: no anchor #whitelist in docs/product.md',
      'docs/guide.md:3: link #nowhere: no anchor #nowhere in docs/guide.md',
    ]);
  });

  it('finds an npm script that the root or the named workspace does not have', () => {
    const files = cleanFiles();
    files['docs/testing.md'] = '# Testing\n\n```sh\nnpm run test:all\nnpm run build -w @x/web\n```\n';
    expect(checkDocs(fixture(files)).map(formatProblem)).toEqual([
      'docs/testing.md:4: npm run test:all: not a script of package.json',
      'docs/testing.md:5: npm run build: not a script of apps/web/package.json',
    ]);
  });

  it('finds a variable the config reads that .env.example or the README table lacks, and one nobody reads', () => {
    const files = cleanFiles();
    files['apps/server/src/config.ts'] = (files['apps/server/src/config.ts'] ?? '').replace(
      '});',
      '  PROXY_TEST_URL: z.url().default("https://ipinfo.io/json"),\n});',
    );
    files['.env.example'] = 'PORT=8080\nDATA_DIR=./data\nLEFTOVER=1\n';
    expect(checkDocs(fixture(files)).map(formatProblem)).toEqual([
      '.env.example:3: LEFTOVER is not read by any configuration',
      'apps/server/src/config.ts:1: PROXY_TEST_URL is read but not in .env.example',
      "apps/server/src/config.ts:1: PROXY_TEST_URL is read but not in README.md's configuration table",
    ]);
  });

  it('finds references to outside documents and tracker issues, wherever they are', () => {
    const files = cleanFiles();
    // Spelled in pieces so this file does not match its own patterns.
    const section = '§';
    const one = '1';
    const outside = 'integrations';
    files['apps/web/src/lib/keys.ts'] = [
      `/** Keys number inputs refuse (spec ${section}5). */`,
      `// Fixed in Issue ${one}5, see design ${section}8 and ${outside}.md.`,
      `// A chunked body (RFC 9112 ${section}7.1) is fine.`,
      'export {};',
    ].join('\n');
    const messages = checkDocs(fixture(files)).map(
      (p) => `${p.file}:${p.line}: ${p.message.split(':')[0] ?? ''}`,
    );
    expect(messages).toEqual([
      `apps/web/src/lib/keys.ts:1: "spec ${section}"`,
      `apps/web/src/lib/keys.ts:1: "${section}5"`,
      `apps/web/src/lib/keys.ts:2: "design ${section}"`,
      `apps/web/src/lib/keys.ts:2: "${section}8"`,
      `apps/web/src/lib/keys.ts:2: "Issue ${one}5"`,
      `apps/web/src/lib/keys.ts:2: "integrations.md"`,
    ]);
  });
});

describe('anchors', () => {
  it('slugs headings as GitHub does, numbers duplicates and adds explicit ids', () => {
    expect(githubSlug('Sub-accounts & the `IP` whitelist (v2)')).toBe('sub-accounts--the-ip-whitelist-v2');
    expect([...anchorsOf('# A\n## A\n<a id="x"></a>\n```\n# not a heading\n```\n<div id=\'y\'>')]).toEqual([
      'a',
      'a-1',
      'x',
      'y',
    ]);
  });
});
