import { ResultCode } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, signedInOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exitConsole, upstream } from './exits.test-helpers';

/**
 * Adding exits in the console (decision 030): the seeded default pool, an upstream sealed at rest
 * and never sent back, its audit row (never a password in it) and change-feed event, what gateways
 * (the internal pool call) and the portal (locations) see afterwards, the refusals, and the search.
 */
describe('operator console: adding exits', () => {
  let t: TestApp;
  let exits: ReturnType<typeof exitConsole>;

  beforeAll(async () => {
    t = await createTestApp();
    exits = exitConsole(t, {
      operator: (await signedInOperator(t)).token,
      customer: (await signedInAccount(t)).token,
    });
  });
  afterAll(() => t.close());

  it('starts from the seeded default pool: one direct exit, no health yet, nothing carried', async () => {
    const [direct] = await exits.list();
    expect(direct).toMatchObject({
      id: 'direct',
      type: 'direct',
      enabled: true,
      has_password: false,
      health: { status: 'unknown', gateways: 0, last_error: null },
      carried: { today_bytes: 0, week_bytes: 0, month_bytes: 0 },
    });
  });

  it('adds an upstream: sealed at rest, never sent back, audited without the password, fed to gateways', async () => {
    const before = await exits.counts();
    const created = await exits.send('create', upstream);
    expect(created.code).toBe(0);
    const exit = successData(created);
    expect(exit).toMatchObject({ id: 'de-1', country: 'de', city: 'frankfurt_am_main', has_password: true });
    expect(JSON.stringify(created.data)).not.toContain('S3cret-upstream');
    expect(await exits.counts()).toEqual({
      exits: before.exits + 1,
      audit: before.audit + 1,
      events: before.events + 1,
    });

    const stored = await t.ctx.db
      .selectFrom('exits')
      .selectAll()
      .where('id', '=', 'de-1')
      .executeTakeFirstOrThrow();
    expect(stored.password_sealed).toMatch(/^v1\./);
    expect(stored.password_sealed).not.toContain('S3cret');
    const [audit] = await exits.auditOf('exit.create', 'de-1');
    expect(audit?.after).toMatchObject({
      type: 'http',
      host: '127.0.0.1',
      weight: 5,
      password_changed: true,
    });
    expect(JSON.stringify([audit?.before, audit?.after, audit?.reason])).not.toContain('S3cret');
    expect(audit?.reason).toBe('new provider contract');
    const event = await t.ctx.db
      .selectFrom('gateway_events')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(event).toMatchObject({ kind: 'exits', account_id: null });

    expect(await exits.gatewayPool()).toContainEqual({
      id: 'de-1',
      type: 'http',
      host: '127.0.0.1',
      port: 3128,
      username: 'acct',
      password: 'S3cret-upstream',
      country: 'de',
      city: 'frankfurt_am_main',
      weight: 5,
    });
    expect(await exits.stock()).toEqual(['de']);
  });

  it.each([
    ['a taken id', { ...upstream }, ResultCode.ExitIdTaken, 409],
    [
      'an upstream without a port',
      { ...upstream, id: 'x1', port: undefined },
      ResultCode.ExitAddressRequired,
      400,
    ],
    [
      'a direct exit with a host',
      { id: 'x2', type: 'direct', host: 'h', reason: 'r-r-r' },
      ResultCode.ExitDirectHasUpstreamFields,
      400,
    ],
    [
      'a direct exit forwarding targeting',
      { id: 'x3', type: 'direct', forward_targeting: true, reason: 'r-r-r' },
      ResultCode.ExitForwardTargetingDirect,
      400,
    ],
    [
      'a city without a country',
      { ...upstream, id: 'x4', country: '' },
      ResultCode.ExitPlaceWithoutCountry,
      400,
    ],
    [
      'a password without a username',
      { ...upstream, id: 'x5', username: '' },
      ResultCode.ExitPasswordWithoutUsername,
      400,
    ],
    ['no reason', { ...upstream, id: 'x6', reason: '' }, ResultCode.ValidationFailed, 400],
    ['a country that is not one', { ...upstream, id: 'x7', country: 'zz' }, ResultCode.ValidationFailed, 400],
  ])('refuses %s, changing nothing', async (_name, body, code, status) => {
    const before = await exits.counts();
    const answer = await exits.sendUnchecked('create', body);
    expect([answer.code, answer.status]).toEqual([code, status]);
    if (code !== ResultCode.ValidationFailed) expect(answer.data).toBeNull();
    expect(await exits.counts()).toEqual(before);
  });

  it('searches by id, host and tags', async () => {
    expect((await exits.list('frankfurt')).map((e) => e.id)).toEqual(['de-1']);
    expect((await exits.list('dir')).map((e) => e.id)).toEqual(['direct']);
  });
});
