import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPoolFile } from '@resiport/contract/pool-file';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ENV_KEYS, loadGatewayConfig } from './config';

/** The example files the README links to stay true to the code. */
const example = (name: string) => fileURLToPath(new URL(`../${name}`, import.meta.url));

/** `KEY=value` lines of an env file (comments and blank lines skipped). */
function readEnvFile(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const pairs = lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split(/=(.*)/s));
  return Object.fromEntries(pairs.map(([key = '', value = '']) => [key, value]));
}

/** Read only to refuse it with a pointer to its replacements; not an option to document. */
const RETIRED = ['GATEWAY_AUTH_FAILURES_PER_MINUTE'];

describe('the configuration examples', () => {
  it('gateway.env.example names every variable, and its values are the defaults', () => {
    const env = readEnvFile(example('gateway.env.example'));
    expect(Object.keys(env).sort()).toEqual(GATEWAY_ENV_KEYS.filter((k) => !RETIRED.includes(k)).sort());
    const secret = { INTERNAL_SECRET: 'x'.repeat(32) };
    const fromExample = loadGatewayConfig({ ...env, ...secret }, { instanceId: 'example' });
    expect(fromExample).toEqual(loadGatewayConfig(secret, { instanceId: 'example' }));
  });

  it('pool.example.json is a valid pool', () => {
    const read = readPoolFile(example('pool.example.json'));
    expect(read).toMatchObject({ ok: true });
    expect(read.ok && read.pool.exits.map((exit) => exit.id)).toEqual([
      'us-1',
      'de-berlin',
      'provider',
      'local',
    ]);
  });
});
