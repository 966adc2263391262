import { ResultCode } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, signedInOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exitConsole, upstream } from './exits.test-helpers';

/**
 * Editing an exit in the console (decision 030): the password is write-only (left out it is kept),
 * each change is audited without it and reaches gateways (the internal pool call); an edit that
 * changes nothing writes nothing.
 */
describe('operator console: editing exits', () => {
  let t: TestApp;
  let exits: ReturnType<typeof exitConsole>;

  beforeAll(async () => {
    t = await createTestApp();
    exits = exitConsole(t, {
      operator: (await signedInOperator(t)).token,
      customer: (await signedInAccount(t)).token,
    });
    expect((await exits.send('create', upstream)).code).toBe(0);
  });
  afterAll(() => t.close());

  it('edits: a left-out password is kept, a new one is set, a cleared username takes it along', async () => {
    // A field left undefined is left out of the form.
    const withoutPassword = { ...upstream, password: undefined };
    const moved = await exits.send('update', {
      ...withoutPassword,
      port: 3129,
      weight: 2,
      reason: 'port moved',
    });
    expect(moved.code).toBe(0);
    expect(moved.data).toMatchObject({ port: 3129, weight: 2, has_password: true });
    expect((await exits.gatewayPool()).find((e) => e.id === 'de-1')).toMatchObject({
      port: 3129,
      password: 'S3cret-upstream',
    });
    const [moveAudit] = await exits.auditOf('exit.update', 'de-1');
    expect([moveAudit?.before, moveAudit?.after]).toEqual([
      { port: 3128, weight: 5 },
      { port: 3129, weight: 2 },
    ]);

    await exits.send('update', {
      ...withoutPassword,
      port: 3129,
      weight: 2,
      password: 'rotated-2',
      reason: 'rotated',
    });
    expect((await exits.gatewayPool()).find((e) => e.id === 'de-1')?.password).toBe('rotated-2');
    const rotation = (await exits.auditOf('exit.update', 'de-1'))[1];
    expect([rotation?.before, rotation?.after]).toEqual([{}, { password_changed: true }]);
    expect(JSON.stringify([rotation?.before, rotation?.after, rotation?.reason])).not.toContain('rotated-2');

    // Nothing differs: no audit row, no event.
    const before = await exits.counts();
    expect(
      (await exits.send('update', { ...withoutPassword, port: 3129, weight: 2, reason: 'again' })).code,
    ).toBe(0);
    expect(await exits.counts()).toEqual(before);

    const anonymous = await exits.send('update', {
      ...withoutPassword,
      username: '',
      port: 3129,
      weight: 2,
      reason: 'open proxy',
    });
    expect(anonymous.data).toMatchObject({ username: null, has_password: false });
    const open = (await exits.gatewayPool()).find((e) => e.id === 'de-1');
    expect(open?.username).toBeUndefined();
    expect(open?.password).toBeUndefined();
    expect((await exits.send('update', { ...upstream, id: 'nope', reason: 'ghost' })).code).toBe(
      ResultCode.NotFound,
    );
  });
});
