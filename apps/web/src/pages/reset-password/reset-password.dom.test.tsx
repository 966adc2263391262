import { accountEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import ResetPasswordPage from '.';

const openReset = (token = 'mail-token') =>
  renderPage(ResetPasswordPage, { path: paths.resetPassword, url: `${paths.resetPassword}?token=${token}` });

describe('the reset link is checked when its page opens', () => {
  it.each([
    ['used', 'This link has already been used. If you still need a new password, request a new link.'],
    ['expired', 'This link has expired. Request a new link to set your password.'],
    ['invalid', 'This link is not valid. Open the link from the latest email, or request a new one.'],
  ] as const)('a %s link says so with no password form, and offers a new link', async (state, text) => {
    const check = mockEndpoint(accountEndpoints.checkResetLink, { state, expires_at: null });
    const reset = mockEndpoint(accountEndpoints.resetPwd, refuse('InvalidResetLink', 'unexpected'));
    const { user, location } = await openReset();

    const notice = await screen.findByTestId('reset-link-invalid');
    expect(notice.textContent).toContain(text);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(check.inputs).toEqual([{ token: 'mail-token' }]);
    expect(reset.inputs).toEqual([]);
    await user.click(screen.getByTestId('reset-request-new'));
    await expect.poll(location).toBe(paths.emailToReset);
  });

  it('a valid link shows the form, says until when it works (UTC), and resets', async () => {
    mockEndpoint(accountEndpoints.checkResetLink, { state: 'valid', expires_at: '2026-11-25T14:03:00.000Z' });
    const reset = mockEndpoint(accountEndpoints.resetPwd, null);
    const { user, location } = await openReset();

    await user.type(await screen.findByLabelText('New password'), 'NewPass2027');
    expect(screen.getByTestId('reset-link-valid-until').textContent).toBe(
      'The link works until 2026-11-25 14:03 UTC.',
    );
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass2027');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await expect.poll(location).toBe(paths.login);
    expect(reset.inputs).toEqual([{ token: 'mail-token', password: 'NewPass2027', confirm: 'NewPass2027' }]);
  });

  it('a link used meanwhile (after the page opened) is still said after submit', async () => {
    mockEndpoint(accountEndpoints.checkResetLink, { state: 'valid', expires_at: '2026-11-25T14:03:00.000Z' });
    mockEndpoint(accountEndpoints.resetPwd, refuse('InvalidResetLink', 'This link is invalid'));
    const { user } = await openReset();

    await user.type(await screen.findByLabelText('New password'), 'NewPass2027');
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass2027');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect((await screen.findByTestId('reset-link-invalid')).dataset.reason).toBe('refused');
  });

  it('when the check itself fails, the form shows (the reset checks the link again)', async () => {
    mockEndpoint(accountEndpoints.checkResetLink, refuse('TooManyRequests', 'Too many attempts'));
    await openReset();

    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });
});
