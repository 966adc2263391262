import {
  type AdminExit,
  adminExitsEndpoints,
  dynamicEndpoints,
  INTERNAL_SECRET_HEADER,
  internalGatewayEndpoints,
  type Pool,
  ResultCode,
} from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signedInAccount, signedInOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { apiUrl } from '@resiport/testkit';

/**
 * The console's exit pool (decision 030): create, edit, disable and enable with their refusals, the
 * audit rows (never a password in them), the change-feed event of each change, and what gateways
 * (the internal pool call) and the portal (locations) see afterwards.
 */
describe('operator console: exits', () => {
  let t: TestApp;
  let operator: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = (await signedInOperator(t)).token;
    customer = (await signedInAccount(t)).token;
  });
  afterAll(() => t.close());

  const send = (call: 'create' | 'update' | 'disable' | 'enable', body: Record<string, unknown>) =>
    t.call({
      method: 'POST',
      url: apiUrl(adminExitsEndpoints[call]),
      payload: body,
      headers: authHeader(operator),
    });
  const list = async (q = '') => {
    const answer = await t.call({
      method: 'GET',
      url: `${apiUrl(adminExitsEndpoints.list)}?page_size=100&q=${q}`,
      headers: authHeader(operator),
    });
    expect(answer.code).toBe(0);
    return (answer.data as { list: AdminExit[] }).list;
  };
  const gatewayPool = async () => {
    const answer = await t.call({
      method: 'GET',
      url: apiUrl(internalGatewayEndpoints.exits),
      headers: { [INTERNAL_SECRET_HEADER]: t.ctx.internalSecret },
    });
    expect(answer.code).toBe(0);
    return (answer.data as Pool).exits;
  };
  const stock = async () => {
    const answer = await t.send(dynamicEndpoints.stock, {}, { token: customer });
    return (answer.data as { countries: { code: string }[] }).countries.map((c) => c.code);
  };
  const counts = async () => {
    const count = async (table: 'exits' | 'operator_audit' | 'gateway_events') =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      exits: await count('exits'),
      audit: await count('operator_audit'),
      events: await count('gateway_events'),
    };
  };
  const auditOf = (action: string, id: string) =>
    t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();

  const upstream = {
    id: 'de-1',
    type: 'http',
    host: '127.0.0.1',
    port: 3128,
    username: 'acct',
    password: 'S3cret-upstream',
    country: 'DE',
    city: 'Frankfurt Am Main',
    weight: 5,
    reason: 'new provider contract',
  };

  it('starts from the seeded default pool: one direct exit, no health yet, nothing carried', async () => {
    const [direct] = await list();
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
    const before = await counts();
    const created = await send('create', upstream);
    expect(created.code).toBe(0);
    const exit = created.data as AdminExit;
    expect(exit).toMatchObject({ id: 'de-1', country: 'de', city: 'frankfurt_am_main', has_password: true });
    expect(JSON.stringify(created.data)).not.toContain('S3cret-upstream');
    expect(await counts()).toEqual({
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
    const [audit] = await auditOf('exit.create', 'de-1');
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

    expect(await gatewayPool()).toContainEqual({
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
    expect(await stock()).toEqual(['de']);
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
    const before = await counts();
    const answer = await send('create', body);
    expect([answer.code, answer.status]).toEqual([code, status]);
    if (code !== ResultCode.ValidationFailed) expect(answer.data).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('edits: a left-out password is kept, a new one is set, a cleared username takes it along', async () => {
    const withoutPassword: Record<string, unknown> = { ...upstream };
    delete withoutPassword.password;
    const moved = await send('update', { ...withoutPassword, port: 3129, weight: 2, reason: 'port moved' });
    expect(moved.code).toBe(0);
    expect(moved.data).toMatchObject({ port: 3129, weight: 2, has_password: true });
    expect((await gatewayPool()).find((e) => e.id === 'de-1')).toMatchObject({
      port: 3129,
      password: 'S3cret-upstream',
    });
    const [moveAudit] = await auditOf('exit.update', 'de-1');
    expect([moveAudit?.before, moveAudit?.after]).toEqual([
      { port: 3128, weight: 5 },
      { port: 3129, weight: 2 },
    ]);

    await send('update', {
      ...withoutPassword,
      port: 3129,
      weight: 2,
      password: 'rotated-2',
      reason: 'rotated',
    });
    expect((await gatewayPool()).find((e) => e.id === 'de-1')?.password).toBe('rotated-2');
    const rotation = (await auditOf('exit.update', 'de-1'))[1];
    expect([rotation?.before, rotation?.after]).toEqual([{}, { password_changed: true }]);
    expect(JSON.stringify([rotation?.before, rotation?.after, rotation?.reason])).not.toContain('rotated-2');

    // Nothing differs: no audit row, no event.
    const before = await counts();
    expect((await send('update', { ...withoutPassword, port: 3129, weight: 2, reason: 'again' })).code).toBe(
      0,
    );
    expect(await counts()).toEqual(before);

    const anonymous = await send('update', {
      ...withoutPassword,
      username: '',
      port: 3129,
      weight: 2,
      reason: 'open proxy',
    });
    expect(anonymous.data).toMatchObject({ username: null, has_password: false });
    const open = (await gatewayPool()).find((e) => e.id === 'de-1');
    expect(open?.username).toBeUndefined();
    expect(open?.password).toBeUndefined();
    expect((await send('update', { ...upstream, id: 'nope', reason: 'ghost' })).code).toBe(
      ResultCode.NotFound,
    );
  });

  it('disables and enables: gateways and the portal follow; the last enabled exit stays', async () => {
    const disabled = await send('disable', { id: 'de-1', reason: 'provider outage' });
    expect(disabled.data).toMatchObject({ id: 'de-1', enabled: false });
    expect((await gatewayPool()).map((e) => e.id)).toEqual(['direct']);
    expect(await stock()).toEqual([]);
    const [audit] = await auditOf('exit.disable', 'de-1');
    expect([audit?.before, audit?.after, audit?.operator_id]).toEqual([
      { enabled: true },
      { enabled: false },
      expect.any(Number),
    ]);

    const before = await counts();
    const last = await send('disable', { id: 'direct', reason: 'try it' });
    expect([last.code, last.status]).toEqual([ResultCode.ExitLastEnabled, 409]);
    expect(await counts()).toEqual(before);
    // Again on a disabled exit: nothing to do, nothing written.
    expect((await send('disable', { id: 'de-1', reason: 'twice' })).code).toBe(0);
    expect(await counts()).toEqual(before);

    expect((await send('enable', { id: 'de-1', reason: 'back' })).data).toMatchObject({ enabled: true });
    expect((await gatewayPool()).map((e) => e.id)).toEqual(['de-1', 'direct']);
    expect(await stock()).toEqual(['de']);
    expect((await send('disable', { id: 'ghost', reason: 'none' })).code).toBe(ResultCode.NotFound);
  });

  it('of two operators disabling the last two exits at once, one is refused', async () => {
    const answers = await Promise.all([
      send('disable', { id: 'de-1', reason: 'race a' }),
      send('disable', { id: 'direct', reason: 'race b' }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.ExitLastEnabled]);
    expect((await gatewayPool()).length).toBe(1);
    for (const id of ['de-1', 'direct']) await send('enable', { id, reason: 'restore' });
  });

  it('searches by id, host and tags', async () => {
    expect((await list('frankfurt')).map((e) => e.id)).toEqual(['de-1']);
    expect((await list('dir')).map((e) => e.id)).toEqual(['direct']);
  });

  it('is for operators only', async () => {
    const answer = await t.call({
      method: 'POST',
      url: apiUrl(adminExitsEndpoints.disable),
      payload: { id: 'de-1', reason: 'not mine' },
      headers: authHeader(customer),
    });
    expect([answer.status, answer.data]).toEqual([403, null]);
    expect((await gatewayPool()).map((e) => e.id)).toContain('de-1');
  });
});
