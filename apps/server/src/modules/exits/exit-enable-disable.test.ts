import { adminExitsEndpoints, ResultCode } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, signedInOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exitConsole, upstream } from './exits.test-helpers';

/**
 * Disabling and enabling exits in the console (decision 030): gateways (the internal pool call) and
 * the portal (locations) follow, each change is audited, the last enabled exit stays, even against
 * two operators at once; customers cannot do it.
 */
describe('operator console: disabling and enabling exits', () => {
  let t: TestApp;
  let customer: string;
  let exits: ReturnType<typeof exitConsole>;

  beforeAll(async () => {
    t = await createTestApp();
    customer = (await signedInAccount(t)).token;
    exits = exitConsole(t, { operator: (await signedInOperator(t)).token, customer });
    expect((await exits.send('create', upstream)).code).toBe(0);
  });
  afterAll(() => t.close());

  it('disables and enables: gateways and the portal follow; the last enabled exit stays', async () => {
    const disabled = await exits.send('disable', { id: 'de-1', reason: 'provider outage' });
    expect(disabled.data).toMatchObject({ id: 'de-1', enabled: false });
    expect((await exits.gatewayPool()).map((e) => e.id)).toEqual(['direct']);
    expect(await exits.stock()).toEqual([]);
    const [audit] = await exits.auditOf('exit.disable', 'de-1');
    expect([audit?.before, audit?.after, audit?.operator_id]).toEqual([
      { enabled: true },
      { enabled: false },
      expect.any(Number),
    ]);

    const before = await exits.counts();
    const last = await exits.send('disable', { id: 'direct', reason: 'try it' });
    expect([last.code, last.status]).toEqual([ResultCode.ExitLastEnabled, 409]);
    expect(await exits.counts()).toEqual(before);
    // Again on a disabled exit: nothing to do, nothing written.
    expect((await exits.send('disable', { id: 'de-1', reason: 'twice' })).code).toBe(0);
    expect(await exits.counts()).toEqual(before);

    expect((await exits.send('enable', { id: 'de-1', reason: 'back' })).data).toMatchObject({
      enabled: true,
    });
    expect((await exits.gatewayPool()).map((e) => e.id)).toEqual(['de-1', 'direct']);
    expect(await exits.stock()).toEqual(['de']);
    expect((await exits.send('disable', { id: 'ghost', reason: 'none' })).code).toBe(ResultCode.NotFound);
  });

  it('of two operators disabling the last two exits at once, one is refused', async () => {
    const answers = await Promise.all([
      exits.send('disable', { id: 'de-1', reason: 'race a' }),
      exits.send('disable', { id: 'direct', reason: 'race b' }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.ExitLastEnabled]);
    expect((await exits.gatewayPool()).length).toBe(1);
    for (const id of ['de-1', 'direct']) await exits.send('enable', { id, reason: 'restore' });
  });

  it('is for operators only', async () => {
    const answer = await t.send(
      adminExitsEndpoints.disable,
      { id: 'de-1', reason: 'not mine' },
      { token: customer },
    );
    expect([answer.status, answer.data]).toEqual([403, null]);
    expect((await exits.gatewayPool()).map((e) => e.id)).toContain('de-1');
  });
});
