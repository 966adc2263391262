import type { Credentials } from '@resiport/contract';
import { proxyPasswordVerifier, proxyVerifierKey } from '@resiport/contract/proxy-verifier';
import { describe, expect, it } from 'vitest';
import type { ServerClient } from '../server-client';
import { Authenticator } from './authenticator';

const secret = 's'.repeat(40);
const key = proxyVerifierKey(secret);

function setup() {
  let now = 1_000_000;
  const calls = { credentials: 0, whitelist: 0 };
  const users = new Map<string, Credentials>([
    [
      'aliceproxy01',
      {
        found: true,
        account_id: 7,
        subaccount_id: 70,
        active: true,
        verifier: proxyPasswordVerifier(key, 'pw-alice'),
      },
    ],
    [
      'bobproxy0001',
      {
        found: true,
        account_id: 8,
        subaccount_id: 80,
        active: false,
        verifier: proxyPasswordVerifier(key, 'pw-bob'),
      },
    ],
  ]);
  const whitelist = new Map([['203.0.113.9', 7]]);
  const client = {
    credentials: (username: string) => {
      calls.credentials++;
      return Promise.resolve(
        users.get(username) ?? {
          found: false,
          account_id: null,
          subaccount_id: null,
          active: false,
          verifier: null,
        },
      );
    },
    whitelist: (ip: string) => {
      calls.whitelist++;
      return Promise.resolve(whitelist.get(ip) ?? null);
    },
  } as unknown as ServerClient;
  const auth = new Authenticator({
    client,
    verifierKey: key,
    failuresPerMinute: 5,
    credentialsTtlMs: 60_000,
    negativeTtlMs: 5000,
    now: () => now,
  });
  return { auth, calls, users, advance: (ms: number) => (now += ms) };
}

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

  it('refuses a wrong password, an unknown user (cached 5 s) and a bad username alike, and throttles', async () => {
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
    expect(await auth.authenticate(ip, { username: 'alice-planet-mars', password: 'x' })).toEqual({
      ok: false,
      reason: 'bad_username',
    });
    expect(await auth.authenticate(ip, { username: 'aliceproxy01', password: 'nope' })).toMatchObject({
      reason: 'auth_failed',
    });
    // Five failures: even the right password is refused from this address for a while.
    expect(await auth.authenticate(ip, { username: 'aliceproxy01', password: 'pw-alice' })).toEqual({
      ok: false,
      reason: 'throttled',
    });
    expect(
      await auth.authenticate('198.51.100.3', { username: 'aliceproxy01', password: 'pw-alice' }),
    ).toMatchObject({ ok: true });
    advance(12_000);
    expect(await auth.authenticate(ip, { username: 'aliceproxy01', password: 'pw-alice' })).toMatchObject({
      ok: true,
    });
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

  it('remembers the accepted password (no HMAC on repeat connections) without accepting near misses', async () => {
    const { auth } = setup();
    const as = (password: string) =>
      auth.authenticate('198.51.100.6', { username: 'aliceproxy01', password });
    expect(await as('pw-alice')).toMatchObject({ ok: true });
    expect(await as('pw-alice')).toMatchObject({ ok: true });
    // (4 misses: the 5th failure from one address would be throttled.)
    for (const nearMiss of ['pw-alic', 'pw-alicE', 'pw-alice ', 'pw-alice-pw-alice']) {
      expect(await as(nearMiss)).toMatchObject({ ok: false, reason: 'auth_failed' });
    }
    expect(await as('pw-alice')).toMatchObject({ ok: true });
  });

  it('answers server_unavailable when the server cannot be asked', async () => {
    const client = {
      credentials: () => Promise.reject(new Error('down')),
      whitelist: () => Promise.reject(new Error('down')),
    };
    const auth = new Authenticator({
      client: client as unknown as ServerClient,
      verifierKey: key,
      failuresPerMinute: 5,
      credentialsTtlMs: 60_000,
      negativeTtlMs: 5000,
    });
    expect(await auth.authenticate('198.51.100.6', { username: 'aliceproxy01', password: 'x' })).toEqual({
      ok: false,
      reason: 'server_unavailable',
    });
    expect(await auth.authenticate('198.51.100.6', undefined)).toEqual({
      ok: false,
      reason: 'server_unavailable',
    });
  });
});
