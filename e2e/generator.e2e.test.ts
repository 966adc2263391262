import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { subEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { fetchThroughLine } from './support/proxy-line';
import { useJourney } from './support/journey-setup';
import { useTargetSite } from './support/target-site';

const MB = 1_000_000;
/** Node examples import `undici`: they run from inside the repository, where it resolves. */
const scratch = fileURLToPath(new URL('../node_modules/.cache/e2e-code-examples/', import.meta.url));

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: scratch, timeout: 60_000, maxBuffer: 64 * MB }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command}: ${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

describe('the proxy generator in Chromium: a generated line really carries traffic', () => {
  // A site to reach through the proxy: 20 MB on every path.
  const target = useTargetSite(20 * MB, 0x61);
  const journey = useJourney();

  it('generate a list → fetch a page through its first line → the test button and the usage show it', async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'generator');
    await buyTraffic(journey.server.url, token, 1);
    const username = `genuser${Date.now().toString(36)}`.slice(0, 20);
    const api = customerApi(journey.server.url, token);
    const sub = await api.call(subEndpoints.add, { username, traffic: '0.5' });
    expect(sub.code).toBe(0);

    await journey.page.goto(`${journey.server.url}/client/residential`);
    const output = journey.page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain(username);
    const firstLine = (await output.inputValue()).split('\n')[0] ?? '';
    expect(firstLine).toMatch(
      new RegExp(`^127\\.0\\.0\\.1:${journey.server.gateway.httpPort}:${username}:[A-Za-z0-9]{16}$`),
    );

    // The default pool's one untagged exit serves no location: a note, no pickers whose lines would be refused.
    await journey.page.getByTestId('gen-location-any-only').waitFor();
    expect(await journey.page.getByTestId('gen-country').count()).toBe(0);

    const { body } = await fetchThroughLine(firstLine, target.port, '/big');
    expect(body.length).toBeGreaterThan(20 * MB);

    await journey.page.getByTestId('gen-test').click();
    await expect
      .poll(() => journey.page.getByTestId('gen-test-result').getAttribute('data-status'))
      .toBe('ok');
    await expect.poll(() => journey.page.getByTestId('gen-test-result').textContent()).toContain('127.0.0.1');

    // The usage reaches the portal: the sub-account's "used" grows past the 20 MB fetched.
    await journey.page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    const row = journey.page.getByTestId(`sub-row-${username}`);
    await expect
      .poll(
        async () => {
          await journey.page.reload();
          const list = await api.data(subEndpoints.list, { search: username });
          return list.list[0]?.traffic_used_bytes ?? 0;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(20 * MB);
    // Below 1 GB the row reads in MB, two decimals to the nearest (packages/contract/src/traffic-format.ts).
    await expect
      .poll(
        async () => {
          await journey.page.reload();
          return row.textContent();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/(?<![\d.,])20\.\d{2} MB/);
  });

  it('the page’s own Node.js and curl examples fetch a page through the gateway, as copied', async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'examples');
    await buyTraffic(journey.server.url, token, 1);
    const username = `codeuser${Date.now().toString(36)}`.slice(0, 20);
    expect(
      (await customerApi(journey.server.url, token).call(subEndpoints.add, { username, traffic: '0.2' }))
        .code,
    ).toBe(0);

    await journey.page.goto(`${journey.server.url}/client/residential`);
    await expect.poll(() => journey.page.getByTestId('gen-curl').textContent()).toContain(username);
    // The examples fetch ipinfo.io; here the target site stands in for it (no Internet in tests).
    const local = (code: string) =>
      code.replaceAll('https://ipinfo.io', `http://127.0.0.1:${target.port}/page`);
    await mkdir(scratch, { recursive: true });
    const curl = local((await journey.page.getByTestId('gen-curl').textContent()) ?? '');
    const [command = '', ...args] = curl.split(' ');
    expect((await run(command, ['-sS', ...args])).length).toBe(20 * MB);

    await journey.page.locator('label', { hasText: 'Node.js' }).click();
    const code = local((await journey.page.getByTestId('gen-code-node-code').textContent()) ?? '');
    expect(code).toContain(username);
    expect(await journey.page.getByTestId('gen-code-node-run').textContent()).toBe('node example.mjs');
    await writeFile(path.join(scratch, 'example.mjs'), code);
    // console.log adds a newline to the 20 MB page.
    expect((await run('node', ['example.mjs'])).length).toBe(20 * MB + 1);
  });
});
