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

  it('under distributed guessing, backs off each address that fails; the right password from any other gets in at once', async () => {
    const { auth, calls, advance } = setup();
    const attackers = Array.from({ length: 40 }, (_, i) => `198.51.100.${i + 10}`);
    const wave = async () => {
      const answers = await Promise.all(
        attackers.map(async (ip, i) => {
          const result = await auth.authenticate(ip, { username: 'aliceproxy01', password: `guess-${i}` });
          return result.ok ? 'ok' : result.reason;
        }),
      );
      return answers.filter((a) => a === 'auth_failed').length;
    };
    // Each address's first guess is checked (nobody can tell a guess from a customer's typo) …
    expect(await wave()).toBe(40);
    // … then only the 8 that failed within the sub-account's budget still have free failures; every
    // address that failed past it waits out its own window, doubling with each further failure.
    expect(await wave()).toBe(throttle.userFailures);
    expect(await wave()).toBe(0);
    // The right password from an address that did not fail: at once, during the attack.
    expect(
      await auth.authenticate('192.0.2.77', { username: 'aliceproxy01', password: 'pw-alice' }),
    ).toMatchObject({ ok: true });
    // From an attacking address, its own window applies, whatever the password …
    const attacker = attackers[39] ?? '';
    expect(await auth.authenticate(attacker, { username: 'aliceproxy01', password: 'pw-alice' })).toEqual({
      ok: false,
      reason: 'throttled',
    });
    // … and once the window is over the right password gets in (and forgives the pair).
    advance(throttle.backoffMs);
    expect(
      await auth.authenticate(attacker, { username: 'aliceproxy01', password: 'pw-alice' }),
    ).toMatchObject({ ok: true });
    // Other sub-accounts are not affected from the attacking addresses.
    expect(
      await auth.authenticate(attackers[0] ?? '', { username: 'bobproxy0001', password: 'pw-bob' }),
    ).toMatchObject({ reason: 'disabled' });
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
