import { describe, expect, it } from 'vitest';
import type { ServerClient } from '../server-client';
import { Authenticator } from './authenticator';
import { key, setup, throttle } from './authenticator.fixture';

describe('authenticator: repeat connections and an absent server', () => {
  it('remembers the accepted password (no HMAC on repeat connections) without accepting near misses', async () => {
    const { auth } = setup();
    const as = (password: string) =>
      auth.authenticate('198.51.100.6', { username: 'aliceproxy01', password });
    expect(await as('pw-alice')).toMatchObject({ ok: true });
    expect(await as('pw-alice')).toMatchObject({ ok: true });
    // (4 misses: the 5th failure of this pair would open a refusal window.)
    for (const nearMiss of ['pw-alic', 'pw-alicE', 'pw-alice ', 'pw-alice-pw-alice']) {
      expect(await as(nearMiss)).toMatchObject({ ok: false, reason: 'auth_failed' });
    }
    expect(await as('pw-alice')).toMatchObject({ ok: true });
  });

  it('parses a repeat username once and shares a frozen result; a bad name is never kept', async () => {
    const { auth } = setup();
    const login = (username: string) => auth.authenticate('198.51.100.7', { username, password: 'pw-alice' });
    const first = await login('aliceproxy01-country-de-session-k1');
    const second = await login('aliceproxy01-country-de-session-k1');
    if (!first.ok || !second.ok) throw new Error('both should pass');
    expect(second.identity.target).toBe(first.identity.target);
    expect(Object.isFrozen(first.identity.target) && Object.isFrozen(first.identity.session)).toBe(true);
    expect(second.identity).toMatchObject({ target: { country: 'de' }, session: { id: 'k1', minutes: 30 } });
    // Another option of the same user is its own parse, not the cached one.
    const other = await login('aliceproxy01-country-fr');
    expect(other).toMatchObject({ ok: true, identity: { target: { country: 'fr' } } });
    expect(await login('aliceproxy01-country-xx')).toMatchObject({ ok: false, reason: 'bad_username' });
    expect(await login('aliceproxy01-country-xx')).toMatchObject({ ok: false, reason: 'bad_username' });
  });

  it('answers server_unavailable when the server cannot be asked', async () => {
    const client = {
      credentials: () => Promise.reject(new Error('down')),
      whitelist: () => Promise.reject(new Error('down')),
    };
    const auth = new Authenticator({
      client: client as unknown as ServerClient,
      verifierKey: key,
      throttle,
      credentialsTtlMs: 60_000,
      negativeTtlMs: 500,
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
