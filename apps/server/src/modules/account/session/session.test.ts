import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signedInAccount } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { accountEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens (JWT-TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SESSION_REFRESH_AFTER_SECONDS: '600',
      SESSION_TTL_SECONDS: '3600',
      SESSION_MAX_AGE_SECONDS: '7200',
    });
  });
  afterAll(() => t.close());

  const info = (headers: Record<string, string>) => t.send(accountEndpoints.userInfo, {}, { headers });

  it('no token, garbage, tampered, alg:none and foreign-key tokens all get 10013 with HTTP 401', async () => {
    const { token } = await signedInAccount(t);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decodeJwt(token);
    const foreignKey = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-0000'));
    const variants: Record<string, string>[] = [
      {},
      authHeader('garbage'),
      authHeader(`${header}.${b64({ ...claims, sub: '999999' })}.${signature}`),
      authHeader(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`),
      authHeader(`${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`),
      authHeader(foreignKey),
      { authorization: `Bearer ${foreignKey}` },
    ];
    for (const headers of variants) {
      expect(await info(headers)).toMatchObject({ status: 401, code: 10013 });
    }
    expect((await info(authHeader(token))).code).toBe(0);
    expect((await info({ authorization: `Bearer ${token}` })).code).toBe(0);
  });

  it('refresh issues a working token while the old one is valid, and the chain stops at the absolute lifetime', async () => {
    const { token } = await signedInAccount(t);
    const authTime = decodeJwt(token).auth_time as number;
    let current = token;
    for (let hop = 0; hop < 3; hop++) {
      t.advanceClock(1800);
      const refreshed = await t.send(accountEndpoints.refreshToken, {}, { token: current });
      expect(refreshed.code).toBe(0);
      current = successData(refreshed).jwt_token;
      expect(decodeJwt(current).auth_time).toBe(authTime);
      expect(decodeJwt(current).exp).toBeLessThanOrEqual(authTime + 7200);
      expect((await info(authHeader(current))).code).toBe(0);
    }
    t.advanceClock(1800);
    expect((await t.send(accountEndpoints.refreshToken, {}, { token: current })).code).toBe(10013);
  });

  it('an expired token is refused and cannot be refreshed, even after it was accepted before', async () => {
    const { token } = await signedInAccount(t);
    expect((await info(authHeader(token))).code).toBe(0);
    t.advanceClock(3601);
    expect((await info(authHeader(token))).code).toBe(10013);
    expect((await t.send(accountEndpoints.refreshToken, {}, { token })).code).toBe(10013);
  });

  it('a password change revokes every older session', async () => {
    const account = await signedInAccount(t);
    const otherDevice = await t.send(accountEndpoints.login, {
      email: account.email,
      password: account.password,
    });
    const otherToken = successData(otherDevice).jwt_token;
    const changed = await t.send(
      accountEndpoints.changePassword,
      { old_password: account.password, password: 'Brand0new1', confirm: 'Brand0new1' },
      { token: account.token },
    );
    expect(changed.code).toBe(0);
    expect((await info(authHeader(account.token))).code).toBe(10013);
    expect((await info(authHeader(otherToken))).code).toBe(10013);
    expect((await info(authHeader(successData(changed).jwt_token))).code).toBe(0);
  });
});
