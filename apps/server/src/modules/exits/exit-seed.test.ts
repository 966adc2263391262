import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INTERNAL_SECRET_HEADER, internalGatewayEndpoints, type Pool } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { AppContext } from '../../context';
import { seedExitPool } from './exit-pool.service';
import { apiUrl } from '@resiport/testkit';

const poolFile = path.join(mkdtempSync(path.join(tmpdir(), 'seed-')), 'pool.json');
writeFileSync(
  poolFile,
  JSON.stringify({
    exits: [
      {
        id: 'provider',
        type: 'socks5',
        host: '10.0.0.5',
        port: 1080,
        username: 'u',
        password: 'file-secret',
        country: 'us',
        state: 'new_york',
        weight: 3,
      },
      // A direct exit's address means nothing: the file accepts it, the table does not keep it.
      { id: 'local', type: 'direct', host: 'ignored.example' },
    ],
  }),
);

/**
 * The pool file only seeds (decision 030): an empty `exits` table is filled from it at start, once,
 * and processes starting together write one pool, never a mix; afterwards the file is not read.
 */
describe('exit pool: seeding from the pool file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_POOL_FILE: poolFile });
  });
  afterAll(() => t.close());

  const ids = async () =>
    (await t.ctx.db.selectFrom('exits').select('id').orderBy('id').execute()).map((row) => row.id);
  const withSeed = (exits: Pool['exits']): AppContext => ({
    ...t.ctx,
    config: { ...t.ctx.config, gateway: { ...t.ctx.config.gateway, seedPool: { exits } } },
  });

  it('fills the empty table at start: sealed password, unsealed only for gateways', async () => {
    const rows = await t.ctx.db.selectFrom('exits').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.host, row.weight, row.enabled])).toEqual([
      ['local', null, 1, true],
      ['provider', '10.0.0.5', 3, true],
    ]);
    expect(rows[1]?.password_sealed).toMatch(/^v1\./);
    const pool = await t.call({
      method: 'GET',
      url: apiUrl(internalGatewayEndpoints.exits),
      headers: { [INTERNAL_SECRET_HEADER]: t.ctx.internalSecret },
    });
    expect(pool.data).toEqual({
      exits: [
        { id: 'local', type: 'direct', weight: 1 },
        {
          id: 'provider',
          type: 'socks5',
          host: '10.0.0.5',
          port: 1080,
          username: 'u',
          password: 'file-secret',
          country: 'us',
          state: 'new_york',
          weight: 3,
        },
      ],
    });
  });

  it('does nothing once the table has exits (a restart, another file)', async () => {
    await seedExitPool(withSeed([{ id: 'other', type: 'direct', weight: 1 }]));
    expect(await ids()).toEqual(['local', 'provider']);
  });

  it('writes exactly one pool when several processes start on an empty table at once', async () => {
    await t.ctx.db.deleteFrom('exits').execute();
    const pools = ['a', 'b', 'c', 'd'].map((name) => [
      { id: `${name}-1`, type: 'direct' as const, weight: 1 },
      { id: `${name}-2`, type: 'direct' as const, weight: 1 },
    ]);
    await Promise.all(pools.map((exits) => seedExitPool(withSeed(exits))));
    const seeded = await ids();
    expect(pools.map((exits) => exits.map((exit) => exit.id))).toContainEqual(seeded);
  });
});
