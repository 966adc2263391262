import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMockOAuthProvider, type MockOAuthKind, type MockOAuthProvider } from './mock-oauth-provider';

const CLIENT = { clientId: 'client-123', clientSecret: 'secret-456' };
const REDIRECT_URI = 'http://app.test/api/account/ggoauth/callback';

const newVerifier = () => randomBytes(32).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

let providers: MockOAuthProvider<MockOAuthKind>[] = [];
afterEach(async () => {
  await Promise.all(providers.map((p) => p.close()));
  providers = [];
});

async function start<K extends MockOAuthKind>(kind: K): Promise<MockOAuthProvider<K>> {
  const provider = await startMockOAuthProvider({ kind, ...CLIENT });
  providers.push(provider);
  return provider;
}

/** GET /authorize without following the redirect; returns where the provider sent the browser. */
async function authorize(provider: MockOAuthProvider<MockOAuthKind>, overrides: Record<string, string> = {}) {
  const url = new URL(provider.authUrl);
  const params = {
    response_type: 'code',
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'openid email',
    state: 'state-abc',
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location) : undefined };
}

/** The whole front-channel half: a code for a fresh verifier. */
async function codeFor(provider: MockOAuthProvider<MockOAuthKind>) {
  const verifier = newVerifier();
  const { location } = await authorize(provider, { code_challenge: challengeOf(verifier) });
  const code = location?.searchParams.get('code');
  if (!code) throw new Error(`no code in ${String(location)}`);
  return { code, verifier };
}

async function exchange(
  provider: MockOAuthProvider<MockOAuthKind>,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      ...CLIENT,
      ...fields,
    }),
  });
  return { status: response.status, body: z.record(z.string(), z.unknown()).parse(await response.json()) };
}

const fieldsFrom = ({ clientId, clientSecret }: typeof CLIENT) => ({
  client_id: clientId,
  client_secret: clientSecret,
});

async function accessTokenFor(provider: MockOAuthProvider<MockOAuthKind>): Promise<string> {
  const { code, verifier } = await codeFor(provider);
  const { body } = await exchange(provider, { ...fieldsFrom(CLIENT), code, code_verifier: verifier });
  if (typeof body.access_token !== 'string') throw new Error('no access token');
  return body.access_token;
}

describe('mock OAuth provider: authorize', () => {
  it('redirects straight back with a code and the same state', async () => {
    const provider = await start('google');
    const { status, location } = await authorize(provider, { code_challenge: challengeOf(newVerifier()) });
    expect(status).toBe(302);
    expect(`${location?.origin}${location?.pathname}`).toBe(REDIRECT_URI);
    expect(location?.searchParams.get('state')).toBe('state-abc');
    expect(location?.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });

  it.each([
    ['plain PKCE', { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }],
    ['no PKCE', { code_challenge_method: '' }],
    ['a malformed challenge', { code_challenge: 'short' }],
  ])('refuses %s with an error redirect', async (_label, overrides) => {
    const provider = await start('google');
    const { status, location } = await authorize(provider, overrides);
    expect(status).toBe(302);
    expect(location?.searchParams.get('error')).toBe('invalid_request');
    expect(location?.searchParams.get('state')).toBe('state-abc');
    expect(location?.searchParams.has('code')).toBe(false);
  });

  it('refuses a missing state and a wrong response_type by redirect', async () => {
    const provider = await start('yandex');
    const challenge = challengeOf(newVerifier());
    const noState = await authorize(provider, { code_challenge: challenge, state: '' });
    expect(noState.location?.searchParams.get('error')).toBe('invalid_request');
    const token = await authorize(provider, { code_challenge: challenge, response_type: 'token' });
    expect(token.location?.searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('never redirects for an unknown client or a missing redirect_uri', async () => {
    const provider = await start('google');
    const challenge = challengeOf(newVerifier());
    expect(await authorize(provider, { code_challenge: challenge, client_id: 'other' })).toEqual({
      status: 400,
      location: undefined,
    });
    expect(await authorize(provider, { code_challenge: challenge, redirect_uri: '' })).toEqual({
      status: 400,
      location: undefined,
    });
  });
});

describe('mock OAuth provider: token exchange', () => {
  it('accepts the right verifier once, and rejects a reused code', async () => {
    const provider = await start('google');
    const { code, verifier } = await codeFor(provider);

    const first = await exchange(provider, { ...fieldsFrom(CLIENT), code, code_verifier: verifier });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(first.body).not.toHaveProperty('id_token');

    const again = await exchange(provider, { ...fieldsFrom(CLIENT), code, code_verifier: verifier });
    expect(again).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'invalid_grant' }) as unknown,
    });
  });

  it('rejects a wrong verifier with invalid_grant', async () => {
    const provider = await start('google');
    const { code } = await codeFor(provider);
    const result = await exchange(provider, { ...fieldsFrom(CLIENT), code, code_verifier: newVerifier() });
    expect(result).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'invalid_grant' }) as unknown,
    });
  });

  it('binds the code to the redirect_uri', async () => {
    const provider = await start('google');
    const { code, verifier } = await codeFor(provider);
    const result = await exchange(provider, {
      ...fieldsFrom(CLIENT),
      code,
      code_verifier: verifier,
      redirect_uri: 'http://evil.test/cb',
    });
    expect(result.body.error).toBe('invalid_grant');
  });

  it('checks client credentials in the body or as HTTP Basic', async () => {
    const provider = await start('yandex');
    const wrongSecret = await exchange(provider, {
      ...fieldsFrom({ ...CLIENT, clientSecret: 'nope' }),
      code: 'x',
      code_verifier: newVerifier(),
    });
    expect(wrongSecret).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'invalid_client' }) as unknown,
    });

    const { code, verifier } = await codeFor(provider);
    const basic = Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64');
    const viaBasic = await exchange(
      provider,
      { client_id: '', client_secret: '', code, code_verifier: verifier },
      { authorization: `Basic ${basic}` },
    );
    expect(viaBasic.status).toBe(200);
  });

  it('fails the next exchange on demand, then works again', async () => {
    const provider = await start('google');
    provider.failNextTokenExchange('invalid_grant');
    const first = await codeFor(provider);
    const failed = await exchange(provider, {
      ...fieldsFrom(CLIENT),
      code: first.code,
      code_verifier: first.verifier,
    });
    expect(failed.body.error).toBe('invalid_grant');
    const second = await codeFor(provider);
    const ok = await exchange(provider, {
      ...fieldsFrom(CLIENT),
      code: second.code,
      code_verifier: second.verifier,
    });
    expect(ok.status).toBe(200);
  });
});

describe('mock OAuth provider: user info', () => {
  it('Google: Bearer token → the user configured at authorization time', async () => {
    const provider = await start('google');
    provider.setNextUser({ sub: 'g-42', email: 'ann@example.test', email_verified: true });
    const token = await accessTokenFor(provider);
    provider.setNextUser({ sub: 'g-43', email: 'someone-else@example.test', email_verified: false });

    const response = await fetch(provider.userInfoUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub: 'g-42',
      email: 'ann@example.test',
      email_verified: true,
      name: 'ann',
    });
    expect(provider.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /authorize 302',
      'POST /token 200',
      'GET /userinfo 200',
    ]);
    expect(provider.requests[1]?.form).toMatchObject({
      client_secret: CLIENT.clientSecret,
      code_verifier: expect.any(String) as unknown,
    });
  });

  it('Yandex: OAuth scheme at /info?format=json, and Bearer is refused', async () => {
    const provider = await start('yandex');
    expect(provider.userInfoUrl).toBe(`${provider.baseUrl}/info?format=json`);
    provider.setNextUser({ id: '777', default_email: 'ivan@yandex.test' });
    const token = await accessTokenFor(provider);

    const bearer = await fetch(provider.userInfoUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(401);

    const response = await fetch(provider.userInfoUrl, { headers: { authorization: `OAuth ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: '777',
      login: 'ivan',
      default_email: 'ivan@yandex.test',
      emails: ['ivan@yandex.test'],
    });
  });

  it('refuses unknown tokens', async () => {
    const provider = await start('google');
    const response = await fetch(provider.userInfoUrl, { headers: { authorization: 'Bearer not-a-token' } });
    expect(response.status).toBe(401);
  });
});
