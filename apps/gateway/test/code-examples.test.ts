import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeExample, type CodeLanguage, type CodeExampleInput } from '@resiport/contract';
import { ALICE, listenerFixture } from './listener-fixture';

/**
 * The generator's code examples (docs/product.md#developer-api), run as printed against a real gateway: each must fetch
 * the page through the gateway, with a sub-account's password, over HTTP and over SOCKS5. A language
 * whose toolchain is missing here is skipped and named (CI installs curl, requests with PySocks, Go
 * and proxychains4, so it runs them all).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** JavaScript examples import `undici` or `playwright-core`: they run from inside the repository, where those resolve. */
const nodeDir = path.join(root, 'node_modules/.cache/resiport-code-examples');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The Playwright example as it runs here: the same code with `playwright-core` and this machine's
 * Chromium (a browser download is not possible here), headless without a sandbox (root in CI).
 * The proxy options, the part the example is about, are exactly as printed.
 */
function asRunHere(code: string): string {
  const launched = code
    .replace("from 'playwright';", "from 'playwright-core';")
    .replace(
      'chromium.launch({ proxy:',
      `chromium.launch({ executablePath: ${JSON.stringify(CHROMIUM)}, args: ['--no-sandbox'], proxy:`,
    );
  if (launched === code) throw new Error('the Playwright example changed shape; update asRunHere');
  return launched;
}

const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
/** The first python3 with requests and PySocks (a pyenv one may lack PySocks; Debian's has both in CI). */
const python = ['python3', '/usr/bin/python3'].find((p) => works(p, ['-c', 'import requests, socks']));
const toolchains: Record<CodeLanguage, Record<'http' | 'socks5', boolean>> = {
  curl: both(works('curl', ['--version'])),
  python: both(python !== undefined),
  node: both(true),
  go: both(works('go', ['version'])),
  proxychains: both(works('sh', ['-c', 'command -v proxychains4'])),
  // Playwright with this machine's Chromium (see `asRunHere`); SOCKS5 with a password has no code.
  playwright: { http: existsSync(CHROMIUM), socks5: false },
  // Not installed here (no puppeteer package): named as missing.
  puppeteer: both(false),
};
function both(available: boolean) {
  return { http: available, socks5: available };
}

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, timeout: 60_000, env: { ...process.env, NO_PROXY: '' } },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`))
          : resolve(stdout),
    );
  });
}

describe('the generator’s code examples, run against a gateway', () => {
  const fx = listenerFixture();
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'code-examples-'));
    await mkdir(nodeDir, { recursive: true });
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  /** Writes the example's file where its command expects it and runs it; answers what it printed. */
  async function runExample(language: CodeLanguage, input: CodeExampleInput): Promise<string> {
    const example = codeExample(language, input);
    if (!example.code) throw new Error(`${language} has no example for ${input.protocol}`);
    if (language === 'curl') {
      const [command = '', ...args] = example.code.split(' ');
      return run(command, ['-sS', ...args], scratch);
    }
    // JavaScript runs from inside the repository, where its packages resolve.
    const js = language === 'node' || language === 'playwright';
    const dir = js ? nodeDir : await mkdtemp(path.join(scratch, `${language}-`));
    const file = js ? `${language}-${input.protocol}-example.mjs` : (example.file ?? '');
    await writeFile(path.join(dir, file), language === 'playwright' ? asRunHere(example.code) : example.code);
    const [printedCommand = '', ...args] = (example.run ?? '').split(' ');
    const command = language === 'python' && python ? python : printedCommand;
    const fileArgs = args.map((arg) => (arg === example.file ? file : arg));
    // proxychains' curl: quiet, as the other examples are.
    return run(
      command,
      language === 'proxychains' ? [...fileArgs.slice(0, -1), '-sS', ...fileArgs.slice(-1)] : fileArgs,
      dir,
    );
  }

  const languages: CodeLanguage[] = ['curl', 'python', 'node', 'go', 'proxychains', 'playwright'];
  for (const protocol of ['http', 'socks5'] as const) {
    for (const language of languages) {
      const available = toolchains[language][protocol];
      it.skipIf(!available)(`${language} over ${protocol} fetches the page through the gateway`, async () => {
        const opened = fx.gateway.metrics.tunnelsOpened;
        const printed = await runExample(language, {
          protocol,
          endpoint: {
            host: '127.0.0.1',
            port: protocol === 'http' ? fx.gateway.httpPort : fx.gateway.socksPort,
          },
          credentials: { username: ALICE.user, password: ALICE.pass },
          target: `http://127.0.0.1:${fx.target.port}/hello`,
        });
        expect(printed).toContain('hello from target');
        // Through the gateway, not around it.
        expect(fx.gateway.metrics.tunnelsOpened).toBeGreaterThan(opened);
      });
    }
  }

  it('refuses an example whose password is wrong (the examples do send theirs)', async () => {
    const printed = runExample('node', {
      protocol: 'http',
      endpoint: { host: '127.0.0.1', port: fx.gateway.httpPort },
      credentials: { username: ALICE.user, password: 'wrong-password' },
      target: `http://127.0.0.1:${fx.target.port}/hello`,
    });
    await expect(printed).rejects.toThrow();
  });

  it('names the toolchains it could not find here', () => {
    const missing = Object.entries(toolchains)
      .flatMap(([language, by]) =>
        Object.entries(by)
          .filter(([, ok]) => !ok)
          .map(([p]) => `${language}/${p}`),
      )
      // Chromium cannot send a SOCKS5 password: the example is a note, not code.
      .filter((name) => name !== 'playwright/socks5');
    if (missing.length > 0) console.info(`code examples not run here (no toolchain): ${missing.join(', ')}`);
    expect(toolchains.node.http && toolchains.curl.http).toBe(true);
  });
});
