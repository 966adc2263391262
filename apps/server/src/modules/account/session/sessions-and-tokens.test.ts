import { accountEndpoints, rechargeEndpoints, securityEndpoints, subEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatedAccount,
  GOOD_PASSWORD,
  pathOf,
  signedInAccount,
  startOfFreshRateWindow,
} from '../../../../test/factories';
import { extractFirstLink, successData } from '@resiport/testkit';
import { createTestApp, type TestApp } from '../../../../test/test-app';

/** Sessions a customer can list and end, and a developer token that dies with the password (decision 021). */
describe('sessions and developer tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' }, { listen: true });
  });
  afterAll(() => t.close());

  const info = (token: string) => t.send(accountEndpoints.userInfo, {}, { token });
  const signIn = async (email: string, ip: string, userAgent: string) => {
    const response = await t.send(
      accountEndpoints.login,
      { email, password: GOOD_PASSWORD },
      { remoteAddress: ip, headers: { 'user-agent': userAgent } },
    );
    expect(response.code).toBe(0);
    return successData(response).jwt_token;
  };
  const mintToken = async (session: string) => {
    const minted = await t.send(accountEndpoints.genToken, {}, { token: session });
    expect(minted.code).toBe(0);
    return successData(minted).api_token;
  };
  const overview = async (session: string) =>
    successData(await t.send(securityEndpoints.overview, {}, { token: session }));

  it('lists sessions with device and address, marks this one, and ends one without touching the others', async () => {
    const { email } = await activatedAccount(t);
    const laptop = await signIn(email, '203.0.113.20', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    const phone = await signIn(email, '198.51.100.30', 'Mozilla/5.0 (iPhone) Safari/604.1\u0000');
    const { sessions } = await overview(laptop);
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current);
    const other = sessions.find((s) => !s.current);
    if (!mine || !other) throw new Error('expected this session and another one');
    expect(mine).toMatchObject({ ip: '203.0.113.20', method: 'password' });
    expect(mine.user_agent).toContain('Firefox');
    expect(other).toMatchObject({ ip: '198.51.100.30', user_agent: 'Mozilla/5.0 (iPhone) Safari/604.1' });

    expect((await t.send(securityEndpoints.revokeSession, { id: other.id }, { token: laptop })).code).toBe(0);
    const ended = await info(phone);
    expect(ended).toMatchObject({
      status: 401,
      code: 10013,
      msg: 'You were signed out from another device; please sign in again',
    });
    const inRussian = await t.send(
      accountEndpoints.userInfo,
      {},
      { token: phone, headers: { 'accept-language': 'ru' } },
    );
    expect(inRussian.msg).toBe('Вы вышли из аккаунта на другом устройстве; войдите снова');
    expect((await info(laptop)).code).toBe(0);
    expect((await t.send(securityEndpoints.revokeSession, { id: other.id }, { token: laptop })).code).toBe(
      10009,
    );
  });

  it("cannot end another account's session", async () => {
    const victim = await signedInAccount(t);
    const attacker = await signedInAccount(t);
    const victimSession = (await overview(victim.token)).sessions[0]?.id ?? '';
    expect(victimSession).not.toBe('');
    expect(
      (await t.send(securityEndpoints.revokeSession, { id: victimSession }, { token: attacker.token })).code,
    ).toBe(10009);
    expect((await info(victim.token)).code).toBe(0);
  });

  it('sign out ends this session on the server: its token stops at once and leaves the list; the rest go on', async () => {
    const { email } = await activatedAccount(t);
    const leaving = await signIn(email, '203.0.113.24', 'Leaving');
    const staying = await signIn(email, '203.0.113.25', 'Staying');
    const apiToken = await mintToken(staying);
    // Only a person's session signs out: the developer token cannot end one.
    expect((await t.send(securityEndpoints.signOut, {}, { token: apiToken })).code).not.toBe(0);

    expect(await t.send(securityEndpoints.signOut, {}, { token: leaving })).toMatchObject({ code: 0 });
    expect(await info(leaving)).toMatchObject({
      status: 401,
      code: 10013,
      msg: 'This session was signed out; please sign in again',
    });
    expect((await t.send(securityEndpoints.signOut, {}, { token: leaving })).code).toBe(10013);
    const { sessions } = await overview(staying);
    expect(sessions.map((s) => s.user_agent)).toEqual(['Staying']);
    expect((await info(staying)).code).toBe(0);
    expect((await info(apiToken)).code).toBe(0);
  });

  it('sign out everywhere: other sessions and the API token end, this one goes on', async () => {
    const { email } = await activatedAccount(t);
    const here = await signIn(email, '203.0.113.21', 'A');
    const there = await signIn(email, '203.0.113.22', 'B');
    const apiToken = await mintToken(here);
    expect((await overview(here)).api_token).toMatchObject({ last_used_at: null });
    expect((await info(apiToken)).code).toBe(0);
    expect((await overview(here)).api_token?.last_used_at).not.toBeNull();

    expect(await t.send(securityEndpoints.signOutEverywhere, {}, { token: here })).toMatchObject({ code: 0 });
    expect(await info(there)).toMatchObject({
      code: 10013,
      msg: 'You were signed out from another device; please sign in again',
    });
    expect(await info(apiToken)).toMatchObject({
      code: 10013,
      msg: 'This API token was revoked by signing out everywhere; generate a new one in Account settings',
    });
    expect((await info(here)).code).toBe(0);
    expect(await overview(here)).toMatchObject({
      api_token: null,
      api_token_revoked: { reason: 'signed_out_everywhere' },
    });
  });

  it('a password change ends the API token and the other sessions, with messages that say why', async () => {
    const { email } = await activatedAccount(t);
    const here = await signIn(email, '203.0.113.23', 'A');
    const there = await signIn(email, '203.0.113.24', 'B');
    const apiToken = await mintToken(here);
    const changed = await t.send(
      accountEndpoints.changePassword,
      {
        old_password: GOOD_PASSWORD,
        password: 'Another456',
        confirm: 'Another456',
      },
      { token: here },
    );
    expect(changed.code).toBe(0);
    const renewed = successData(changed).jwt_token;
    expect((await info(renewed)).code).toBe(0);
    expect(await info(there)).toMatchObject({
      code: 10013,
      msg: 'Your password was changed on another device, which signed this one out; sign in with the new password',
    });
    const revoked = await info(apiToken);
    expect(revoked).toMatchObject({ status: 401, code: 10013 });
    expect(revoked.msg).toBe(
      'This API token was revoked when the password was changed; generate a new one in Account settings',
    );
    // A stolen session's token cannot create sub-accounts after the change either.
    expect((await t.sendUnchecked(subEndpoints.add, {}, { token: apiToken })).code).toBe(10013);
  });

  it('a password reset ends every session and the API token, and says why', async () => {
    const { email, token } = await signedInAccount(t);
    const apiToken = await mintToken(token);
    const earlier = new Set(t.mailbox.mails);
    expect((await t.send(accountEndpoints.forgetPwd, { email })).code).toBe(0);
    const mail = await t.mailbox.waitForMail((m) => m.to.includes(email) && !earlier.has(m));
    const link = new URL(extractFirstLink(mail, '/client/user/resetpassword'));
    const reset = await t.send(accountEndpoints.resetPwd, {
      token: link.searchParams.get('token') ?? '',
      password: 'Brand9new',
      confirm: 'Brand9new',
    });
    expect(reset.code).toBe(0);
    expect(await info(token)).toMatchObject({
      code: 10013,
      msg: 'Your password was reset, which signed this device out; sign in with the new password',
    });
    expect((await info(apiToken)).msg).toBe(
      'This API token was revoked when the password was reset; generate a new one in Account settings',
    );
    expect(pathOf(link.toString())).toContain('resetpassword');
  });

  it('a regenerated token replaces the old one; unknown tokens get their own message, in Russian too', async () => {
    const { token } = await signedInAccount(t);
    const first = await mintToken(token);
    const second = await mintToken(token);
    expect((await info(first)).msg).toMatch(/replaced by a newer one/);
    expect((await info(second)).code).toBe(0);
    const unknown = await t.send(
      accountEndpoints.userInfo,
      {},
      { token: `rp_${'x'.repeat(43)}`, headers: { 'accept-language': 'ru' } },
    );
    expect(unknown).toMatchObject({ status: 401, code: 10013 });
    expect(unknown.msg).toMatch(/^Этот API-токен недействителен/);
  });

  it('rate-limits token minting, failed password changes and new top-up invoices per account', async () => {
    startOfFreshRateWindow(t);
    const { token } = await signedInAccount(t);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await t.send(accountEndpoints.genToken, {}, { token: token })).code);
    }
    expect(codes.slice(0, 10).every((c) => c === 0)).toBe(true);
    expect(codes[10]).toBe(10008);

    const failures: number[] = [];
    for (let i = 0; i < 11; i++) {
      const wrong = { old_password: `Wrong${i}abc`, password: 'Another456', confirm: 'Another456' };
      failures.push((await t.send(accountEndpoints.changePassword, wrong, { token: token })).code);
    }
    expect(failures.slice(0, 10).every((c) => c === 10005)).toBe(true);
    expect(failures).toEqual([...Array.from({ length: 10 }, () => 10005), 10008]);

    const payer = await signedInAccount(t);
    const invoices: number[] = [];
    for (let i = 0; i < 11; i++) {
      invoices.push((await t.send(rechargeEndpoints.pay, { amount: '25' }, { token: payer.token })).code);
    }
    expect(invoices.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 20302));
    expect(invoices[10]).toBe(10008);
  });
});
