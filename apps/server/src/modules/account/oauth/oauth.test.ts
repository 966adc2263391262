import {
  type Answer,
  apiUrl,
  type MockOAuthProvider,
  passThroughData,
  startMockOAuthProvider,
  successData,
} from '@resiport/testkit';
import { totpCodeAt } from '../two-factor/totp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedAccount, GOOD_PASSWORD, signUp, uniqueEmail } from '../../../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../../test/test-app';
import { accountEndpoints, accountLinks, securityEndpoints } from '@resiport/contract';

type Provider = 'google' | 'yandex';
const startPath = {
  google: apiUrl(accountLinks.googleStart),
  yandex: apiUrl(accountLinks.yandexStart),
} as const;
const loginPage = `${TEST_PUBLIC_URL}/client/user/login`;

interface FlowOptions {
  redirect?: string;
  /** Replace the browser-binding cookie (another browser) or drop it. */
  cookie?: string | null;
  /** Tamper with the state the provider sends back. */
  state?: string;
}

/**
 * Drives the whole browser flow: our start route → the provider's /authorize (real HTTP) → our
 * callback → the sign-in page, returning where the browser ends up.
 */
async function runFlow(t: TestApp, provider: Provider, options: FlowOptions = {}): Promise<URL> {
  const query = options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : '';
  const start = await t.app.inject({ method: 'GET', url: `${startPath[provider]}${query}` });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  expect(callback.origin).toBe(TEST_PUBLIC_URL);
  if (options.state !== undefined) callback.searchParams.set('state', options.state);
  const headers: Record<string, string> = {};
  if (options.cookie !== null) headers.cookie = options.cookie ?? cookie;
  const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers });
  expect(done.statusCode).toBe(302);
  return new URL(String(done.headers.location));
}

async function exchange(t: TestApp, landing: URL) {
  const code = landing.searchParams.get('oauth_code');
  expect(code, `landed on ${landing.toString()}`).toBeTruthy();
  return t.send(accountEndpoints.oauthLogin, { code: code ?? '' });
}

const sessionToken = (answer: Answer<typeof accountEndpoints.oauthLogin>) => successData(answer).jwt_token;

describe('Google and Yandex sign-in', () => {
  let t: TestApp;
  let google: MockOAuthProvider<'google'>;
  let yandex: MockOAuthProvider<'yandex'>;

  beforeAll(async () => {
    google = await startMockOAuthProvider({ kind: 'google', clientId: 'g-client', clientSecret: 'g-secret' });
    yandex = await startMockOAuthProvider({ kind: 'yandex', clientId: 'y-client', clientSecret: 'y-secret' });
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'g-client',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: google.authUrl,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      GOOGLE_USERINFO_URL: google.userInfoUrl,
      YANDEX_CLIENT_ID: 'y-client',
      YANDEX_CLIENT_SECRET: 'y-secret',
      YANDEX_AUTH_URL: yandex.authUrl,
      YANDEX_TOKEN_URL: yandex.tokenUrl,
      YANDEX_USERINFO_URL: yandex.userInfoUrl,
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await yandex.close();
  });

  it('lists the configured providers', async () => {
    expect(await t.send(accountEndpoints.oauthProviders, {})).toMatchObject({
      code: 0,
      data: { google: true, yandex: true },
    });
  });

  it('Google: a verified new email creates an active account; the code works once; the redirect survives', async () => {
    const email = uniqueEmail('google');
    google.setNextUser({ sub: `g-${email}`, email, email_verified: true });
    const landing = await runFlow(t, 'google', { redirect: '/account/setting' });
    expect(landing.origin + landing.pathname).toBe(loginPage);
    expect(landing.searchParams.get('redirect')).toBe('/account/setting');
    const session = await exchange(t, landing);
    expect(session.code).toBe(0);
    const info = await t.send(accountEndpoints.userInfo, {}, { token: sessionToken(session) });
    expect(info.data).toMatchObject({ email, has_password: false });
    expect(
      (
        await t.send(accountEndpoints.oauthLogin, {
          code: landing.searchParams.get('oauth_code') ?? '',
        })
      ).code,
    ).toBe(10017);
  });

  it('Google: the same identity signs in to the same account later', async () => {
    const email = uniqueEmail('again');
    google.setNextUser({ sub: `g-${email}`, email, email_verified: true });
    const first = await exchange(t, await runFlow(t, 'google'));
    google.setNextUser({ sub: `g-${email}`, email: uniqueEmail('changed'), email_verified: true });
    const second = await exchange(t, await runFlow(t, 'google'));
    const ids = await Promise.all(
      [first, second].map(async (s) => {
        const info = await t.send(accountEndpoints.userInfo, {}, { token: sessionToken(s) });
        return successData(info).id;
      }),
    );
    expect(ids[0]).toBe(ids[1]);
  });

  it('with two-factor on, a Google sign-in asks for a code too, and records the provider on the session', async () => {
    const email = uniqueEmail('twofactor');
    google.setNextUser({ sub: `g-${email}`, email, email_verified: true });
    const token = sessionToken(await exchange(t, await runFlow(t, 'google')));
    const { secret } = successData(await t.send(securityEndpoints.twoFactorSetup, {}, { token }));
    expect(
      (
        await t.send(
          securityEndpoints.twoFactorEnable,
          { code: totpCodeAt(secret, t.ctx.clock()) },
          { token },
        )
      ).code,
    ).toBe(0);

    google.setNextUser({ sub: `g-${email}`, email, email_verified: true });
    const asked = await exchange(t, await runFlow(t, 'google'));
    expect(asked.code).toBe(10040);
    t.advanceClock(30);
    const { challenge } = passThroughData(accountEndpoints.oauthLogin, 'TwoFactorRequired', asked);
    const code = totpCodeAt(secret, t.ctx.clock());
    const signedIn = await t.send(accountEndpoints.twoFactorLogin, { challenge, code });
    expect(signedIn.code).toBe(0);
    const overview = await t.send(securityEndpoints.overview, {}, { token: sessionToken(signedIn) });
    const current = successData(overview).sessions.find((s) => s.current);
    expect(current?.method).toBe('google');
  });

  it('Google: an unverified email neither creates nor links an account', async () => {
    const { email } = await activatedAccount(t);
    google.setNextUser({ sub: `g-unverified-${email}`, email, email_verified: false });
    const landing = await runFlow(t, 'google');
    expect(landing.searchParams.get('oauth')).toBe('failed');
    const identities = await t.ctx.db
      .selectFrom('oauth_identities')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(identities).toHaveLength(0);
  });

  it('links a verified identity to an existing active password account, which keeps its password', async () => {
    const { email } = await activatedAccount(t);
    google.setNextUser({ sub: `g-link-${email}`, email, email_verified: true });
    const session = await exchange(t, await runFlow(t, 'google'));
    const info = await t.send(accountEndpoints.userInfo, {}, { token: sessionToken(session) });
    expect(info.data).toMatchObject({ email, has_password: true });
    expect((await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD })).code).toBe(0);
  });

  it('pre-hijack: a stranger’s pending sign-up is activated for the real owner without the stranger’s password', async () => {
    const email = uniqueEmail('victim');
    await signUp(t, email, 'Attacker123');
    google.setNextUser({ sub: `g-victim-${email}`, email, email_verified: true });
    const session = await exchange(t, await runFlow(t, 'google'));
    expect(session.code).toBe(0);
    expect((await t.send(accountEndpoints.login, { email, password: 'Attacker123' })).code).toBe(10005);
  });

  it('Yandex: signs in with the OAuth-scheme user info and default_email', async () => {
    const email = uniqueEmail('yandex');
    yandex.setNextUser({ id: `y-${email}`, default_email: email });
    const session = await exchange(t, await runFlow(t, 'yandex'));
    const info = await t.send(accountEndpoints.userInfo, {}, { token: sessionToken(session) });
    expect(info.data).toMatchObject({ email });
  });

  it('refuses a callback with a tampered state, from another browser, without the cookie, or replayed', async () => {
    for (const options of [{ state: 'tampered' }, { cookie: 'rp_oauth=another-browser' }, { cookie: null }]) {
      google.setNextUser({ sub: `g-${uniqueEmail()}`, email: uniqueEmail(), email_verified: true });
      const landing = await runFlow(t, 'google', options);
      expect(landing.searchParams.get('oauth')).toBe('failed');
      expect(landing.searchParams.get('oauth_code')).toBeNull();
    }
  });

  it('a failed code exchange at the provider ends in a clear failure, not a 500', async () => {
    google.setNextUser({ sub: `g-${uniqueEmail()}`, email: uniqueEmail(), email_verified: true });
    google.failNextTokenExchange();
    const landing = await runFlow(t, 'google');
    expect(landing.searchParams.get('oauth')).toBe('failed');
    expect(landing.searchParams.get('provider')).toBe('google');
  });

  it('oauthLogin refuses a missing, forged or oversized code', async () => {
    expect(await t.sendUnchecked(accountEndpoints.oauthLogin, {})).toMatchObject({
      status: 400,
      code: 10001,
    });
    expect(await t.send(accountEndpoints.oauthLogin, { code: 'forged' })).toMatchObject({
      code: 10017,
    });
    expect(await t.send(accountEndpoints.oauthLogin, { code: 'x'.repeat(500) })).toMatchObject({
      code: 10001,
    });
  });

  it('an open redirect is dropped: only local paths survive', async () => {
    google.setNextUser({ sub: `g-${uniqueEmail()}`, email: uniqueEmail(), email_verified: true });
    const landing = await runFlow(t, 'google', { redirect: '//evil.example/x' });
    expect(landing.searchParams.get('redirect')).toBeNull();
  });
});

describe('sign-in providers that are not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are hidden and their routes send the browser back with oauth=unavailable', async () => {
    expect((await t.send(accountEndpoints.oauthProviders, {})).data).toEqual({
      google: false,
      yandex: false,
    });
    const start = await t.app.inject({ method: 'GET', url: apiUrl(accountLinks.yandexStart) });
    expect(start.headers.location).toBe(`${loginPage}?oauth=unavailable&provider=yandex`);
  });
});
