import { execFile, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeExample, type CodeLanguage, type CodeExampleInput } from '@resiport/contract';
import { ALICE, listenerFixture } from './listener-fixture';

/**
 * The generator's code examples (issue 18), run as printed against a real gateway: each must fetch
 * the page through the gateway, with a sub-account's password, over HTTP and over SOCKS5. A language
 * whose toolchain is missing here is skipped and named (CI installs curl, requests with PySocks, Go
 * and proxychains4, so it runs them all).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Node examples import `undici`: they run from inside the repository, where it resolves. */
const nodeDir = path.join(root, 'node_modules/.cache/resiport-code-examples');

const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
/** The first python3 with requests and PySocks (a pyenv one may lack PySocks; Debian's has both in CI). */
const python = ['python3', '/usr/bin/python3'].find((p) => works(p, ['-c', 'import requests, socks']));
const toolchains: Record<CodeLanguage, Record<'http' | 'socks5', boolean>> = {
  curl: both(works('curl', ['--version'])),
  python: both(python !== undefined),
  node: both(true),
  go: both(works('go', ['version'])),
  proxychains: both(works('sh', ['-c', 'command -v proxychains4'])),
  // Run by the e2e suite's browser, not here.
  playwright: both(false),
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
    const dir = language === 'node' ? nodeDir : await mkdtemp(path.join(scratch, `${language}-`));
    const file = language === 'node' ? `${input.protocol}-example.mjs` : (example.file ?? '');
    await writeFile(path.join(dir, file), example.code);
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

  const languages: CodeLanguage[] = ['curl', 'python', 'node', 'go', 'proxychains'];
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
      .filter((name) => !name.startsWith('playwright') && !name.startsWith('puppeteer'));
    if (missing.length > 0) console.info(`code examples not run here (no toolchain): ${missing.join(', ')}`);
    expect(toolchains.node.http && toolchains.curl.http).toBe(true);
  });
});
