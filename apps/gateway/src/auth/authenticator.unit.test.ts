import { describe, expect, it } from 'vitest';
import { proxyPasswordVerifier } from '@resiport/contract/proxy-verifier';
import { key, setup, throttle } from './authenticator.fixture';

describe('authenticator', () => {
  it('authenticates a sub-account by password with targeting, and caches the lookup for 60 s', async () => {
    const { auth, calls, advance } = setup();
    const result = await auth.authenticate('198.51.100.1', {
      username: 'AliceProxy01-country-us-session-s1',
      password: 'pw-alice',
    });
    expect(result).toEqual({
      ok: true,
      identity: {
        owner: { account_id: 7, subaccount_id: 70 },
        ownerKey: '7:70',
        via: 'password',
        sourceIp: '198.51.100.1',
        target: { country: 'us' },
        session: { id: 's1', minutes: 30 },
      },
    });
    await auth.authenticate('198.51.100.1', { username: 'aliceproxy01', password: 'pw-alice' });
    expect(calls.credentials).toBe(1);
    advance(60_000);
    await auth.authenticate('198.51.100.1', { username: 'aliceproxy01', password: 'pw-alice' });
    expect(calls.credentials).toBe(2);
  });

  it('refuses a wrong password, an unknown user (cached 0.5 s) and a bad username alike', async () => {
    const { auth, calls, advance } = setup();
    const ip = '198.51.100.2';
    expect(await auth.authenticate(ip, { username: 'aliceproxy01', password: 'nope' })).toEqual({
      ok: false,
      reason: 'auth_failed',
    });
    expect(await auth.authenticate(ip, { username: 'nobody000001', password: 'x' })).toEqual({
      ok: false,
      reason: 'auth_failed',
    });
    expect(await auth.authenticate(ip, { username: 'nobody000001', password: 'x' })).toMatchObject({
      reason: 'auth_failed',
    });
    expect(calls.credentials).toBe(2); // alice once, nobody once (negative cache)
    advance(500);
    await auth.authenticate(ip, { username: 'nobody000001', password: 'x' });
    expect(calls.credentials).toBe(3); // the negative answer lived 0.5 s
    expect(await auth.authenticate(ip, { username: 'alice-planet-mars', password: 'x' })).toEqual({
      ok: false,
      reason: 'bad_username',
    });
    expect(await auth.authenticate(ip, { username: 'aliceproxy01', password: 'pw-alice' })).toMatchObject({
      ok: true,
    });
  });

  it('throttles the failing (address, name) pair only: not other names, not the whitelist, not other addresses', async () => {
    const { auth, advance } = setup();
    const ip = '203.0.113.9'; // whitelisted for account 7
    const alice = (password: string, from = ip) =>
      auth.authenticate(from, { username: 'aliceproxy01', password });
    for (let i = 0; i < throttle.pairFailures; i++) {
      expect(await alice(`guess-${i}`)).toMatchObject({ reason: 'auth_failed' });
    }
    for (let i = 0; i < throttle.pairFailures; i++) {
      expect(await auth.authenticate(ip, { username: 'alice-contry-us', password: 'x' })).toMatchObject({
        reason: 'bad_username',
      });
    }
    for (let i = 0; i < throttle.pairFailures; i++) {
      expect(await auth.authenticate(ip, { username: 'whitelist', password: 'x' })).toMatchObject({
        ok: true,
      });
    }
    // The failing pairs back off, even with the right password (it is not checked while they do)…
    expect(await alice('pw-alice')).toEqual({ ok: false, reason: 'throttled' });
    expect(await auth.authenticate(ip, { username: 'alice-contry-us', password: 'x' })).toEqual({
      ok: false,
      reason: 'throttled',
    });
    // …while the same address without credentials, as `whitelist`, or as another user is served,
    expect(await auth.authenticate(ip, undefined)).toMatchObject({ ok: true });
    expect(await auth.authenticate(ip, { username: 'whitelist-country-de', password: '' })).toMatchObject({
      ok: true,
    });
    expect(await auth.authenticate(ip, { username: 'bobproxy0001', password: 'pw-bob' })).toEqual({
      ok: false,
      reason: 'disabled', // bob's password was checked: his answer, not a throttle
    });
    // and alice from elsewhere too; at home once the window is over.
    expect(await alice('pw-alice', '198.51.100.3')).toMatchObject({ ok: true });
    advance(throttle.backoffMs);
    expect(await alice('pw-alice')).toMatchObject({ ok: true });
  });

  it('under distributed guessing, checks a bounded number of passwords; fresh addresses are refused unchecked', async () => {
    const { auth, calls } = setup();
    expect(
      await auth.authenticate('192.0.2.50', { username: 'aliceproxy01', password: 'pw-alice' }),
    ).toMatchObject({ ok: true });
    const answers: string[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const result = await auth.authenticate(`198.51.100.${i + 10}`, {
          username: 'aliceproxy01',
          password: `guess-${i}`,
        });
        answers.push(result.ok ? 'ok' : result.reason);
      }),
    );
    expect(answers.filter((a) => a === 'auth_failed')).toHaveLength(throttle.userFailures);
    expect(answers.filter((a) => a === 'throttled')).toHaveLength(40 - throttle.userFailures);
    // The right password from a new address is not even checked while the attack lasts…
    expect(
      await auth.authenticate('198.51.100.99', { username: 'aliceproxy01', password: 'pw-alice' }),
    ).toEqual({
      ok: false,
      reason: 'throttled',
    });
    // …but from the address that logged in before, it is. Other sub-accounts are not affected.
    expect(
      await auth.authenticate('192.0.2.50', { username: 'aliceproxy01', password: 'pw-alice' }),
    ).toMatchObject({ ok: true });
    expect(
      await auth.authenticate('198.51.100.99', { username: 'bobproxy0001', password: 'pw-bob' }),
    ).toMatchObject({
      reason: 'disabled',
    });
    expect(calls.credentials).toBeLessThanOrEqual(3);
  });

  it('says disabled only after the password matched', async () => {
    const { auth } = setup();
    expect(await auth.authenticate('198.51.100.4', { username: 'bobproxy0001', password: 'pw-bob' })).toEqual(
      { ok: false, reason: 'disabled' },
    );
    expect(await auth.authenticate('198.51.100.4', { username: 'bobproxy0001', password: 'x' })).toEqual({
      ok: false,
      reason: 'auth_failed',
    });
  });

  it('lets a whitelisted address in without credentials, or as `whitelist` with targeting (password ignored)', async () => {
    const { auth } = setup();
    expect(await auth.authenticate('203.0.113.9', undefined)).toMatchObject({
      ok: true,
      identity: {
        owner: { account_id: 7, subaccount_id: null },
        ownerKey: '7:main',
        via: 'whitelist',
        target: {},
      },
    });
    expect(
      await auth.authenticate('203.0.113.9', { username: 'whitelist-country-de-session-q', password: '' }),
    ).toMatchObject({
      ok: true,
      identity: { ownerKey: '7:main', target: { country: 'de' }, session: { id: 'q', minutes: 30 } },
    });
    expect(await auth.authenticate('203.0.113.10', undefined)).toEqual({
      ok: false,
      reason: 'auth_required',
    });
    expect(await auth.authenticate('203.0.113.10', { username: 'whitelist', password: '' })).toEqual({
      ok: false,
      reason: 'auth_failed',
    });
    // Explicit credentials from a whitelisted address are checked, not waved through.
    expect(
      await auth.authenticate('203.0.113.9', { username: 'aliceproxy01', password: 'wrong' }),
    ).toMatchObject({ reason: 'auth_failed' });
  });

  it('forgets a changed sub-account at once', async () => {
    const { auth, users } = setup();
    const alice = { username: 'aliceproxy01', password: 'pw-alice' };
    expect(await auth.authenticate('198.51.100.5', alice)).toMatchObject({ ok: true });
    const before = users.get('aliceproxy01');
    if (before) users.set('aliceproxy01', { ...before, verifier: proxyPasswordVerifier(key, 'new') });
    expect(await auth.authenticate('198.51.100.5', alice)).toMatchObject({ ok: true }); // cached
    auth.forgetUsername('AliceProxy01');
    expect(await auth.authenticate('198.51.100.5', alice)).toMatchObject({ reason: 'auth_failed' });
  });
});
