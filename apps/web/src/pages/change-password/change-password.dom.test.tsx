import { accountEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { readAuthData } from '../../lib/auth-storage';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import ChangePasswordPage from '.';

async function openChangePassword() {
  signIn();
  const view = await renderPage(ChangePasswordPage, { path: paths.changePassword });
  const field = (label: string) => screen.getByLabelText(label);
  await screen.findByRole('button', { name: named('Change password') });
  return { ...view, field };
}

describe('change password', () => {
  it('changes it, keeps this tab signed in with the new session and returns to the settings', async () => {
    const change = mockEndpoint(accountEndpoints.changePassword, {
      jwt_token: 'fresh-token',
      expire_at: 2_000_000_000,
    });
    const { user, field, location } = await openChangePassword();
    await user.type(field('Current password'), 'OldPass2026');
    await user.type(field('New password'), 'NewPass2027');
    await user.type(field('Confirm password'), 'NewPass2027');
    await user.click(screen.getByRole('button', { name: named('Change password') }));

    await expect.poll(location).toBe(paths.accountSettings);
    expect(change.inputs).toEqual([
      { old_password: 'OldPass2026', password: 'NewPass2027', confirm: 'NewPass2027' },
    ]);
    expect(readAuthData(localStorage)?.jwt_token).toBe('fresh-token');
  });

  it('shows a wrong current password on its field', async () => {
    mockEndpoint(accountEndpoints.changePassword, refuse('PasswordError', 'The current password is wrong'));
    const { user, field, container, location } = await openChangePassword();
    await user.type(field('Current password'), 'Wrong2026');
    await user.type(field('New password'), 'NewPass2027');
    await user.type(field('Confirm password'), 'NewPass2027');
    await user.click(screen.getByRole('button', { name: named('Change password') }));

    expect(await within(container).findByText('The current password is wrong')).toBeTruthy();
    expect(location()).toBe(paths.changePassword);
  });

  it('refuses a confirmation that differs without asking the server', async () => {
    const change = mockEndpoint(accountEndpoints.changePassword, refuse('PasswordError', 'unexpected'));
    const { user, field } = await openChangePassword();
    await user.type(field('Current password'), 'OldPass2026');
    await user.type(field('New password'), 'NewPass2027');
    await user.type(field('Confirm password'), 'NewPass2028');
    await user.click(screen.getByRole('button', { name: named('Change password') }));

    await screen.findByText('The password is not the same');
    expect(change.inputs).toEqual([]);
  });
});
