import { securityEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import { mockSecurity } from '../../test/security-api';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import AccountSettingsPage from '.';
import { mockAlerts } from '../../test/alerts-api';

async function openSettings(state: { twoFactor: boolean }) {
  signIn();
  mockSecurity(state);
  const view = await renderPage(AccountSettingsPage, {
    path: paths.accountSettings,
    url: `${paths.accountSettings}?tab=security`,
  });
  await screen.findByTestId('two-factor-status');
  return view;
}

const status = () => screen.getByTestId('two-factor-status').textContent;

// The page reads the account's alert settings (its alerts card).
beforeEach(() => {
  mockAlerts();
});
describe('account settings: two-factor sign-in', () => {
  it('turns on with a code from the app and shows the recovery codes once', async () => {
    const state = { twoFactor: false };
    mockEndpoint(securityEndpoints.twoFactorSetup, {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_uri: 'otpauth://totp/Resiport:buyer?secret=JBSWY3DPEHPK3PXP',
      qr_data_url: 'data:image/png;base64,AAAA',
    });
    const enable = mockEndpoint(securityEndpoints.twoFactorEnable, () => {
      state.twoFactor = true;
      return { recovery_codes: ['abcde-fghij', 'klmno-pqrst'] };
    });
    const { user } = await openSettings(state);
    expect(status()).toBe('Off');
    await user.click(screen.getByRole('button', { name: named('Turn on') }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' }));
    expect((await dialog.findByTestId('two-factor-secret')).textContent).toContain('JBSWY3DPEHPK3PXP');
    await user.type(dialog.getByLabelText('Authenticator code'), '123456');
    await user.click(dialog.getByRole('button', { name: named('Turn on') }));

    expect(await dialog.findByText('abcde-fghij')).toBeTruthy();
    expect(enable.inputs).toEqual([{ code: '123456' }]);
    await user.click(dialog.getByRole('button', { name: named('I have saved the codes') }));
    await expect.poll(status).toBe('On');
  });

  it('keeps the dialog open with the refusal on the code when the code is wrong', async () => {
    mockEndpoint(securityEndpoints.twoFactorSetup, {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_uri: 'otpauth://totp/x',
      qr_data_url: 'data:image/png;base64,AAAA',
    });
    mockEndpoint(securityEndpoints.twoFactorEnable, refuse('TwoFactorCodeInvalid', 'The code is not valid'));
    const { user } = await openSettings({ twoFactor: false });
    await user.click(screen.getByRole('button', { name: named('Turn on') }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText('Authenticator code'), '000000');
    await user.click(dialog.getByRole('button', { name: named('Turn on') }));

    expect(await dialog.findByText('The code is not valid')).toBeTruthy();
    expect(status()).toBe('Off');
  });

  it('turns off with the password and a code', async () => {
    const state = { twoFactor: true };
    const disable = mockEndpoint(securityEndpoints.twoFactorDisable, () => {
      state.twoFactor = false;
      return null;
    });
    const { user } = await openSettings(state);
    expect(status()).toBe('On');
    await user.click(screen.getByRole('button', { name: named('Turn off') }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' }));
    await user.type(dialog.getByLabelText('Password'), 'OldPass2026');
    await user.type(dialog.getByLabelText('Authenticator code or recovery code'), '654321');
    await user.click(dialog.getByRole('button', { name: named('Turn off') }));

    await screen.findByText('Two-factor sign-in is off');
    expect(disable.inputs).toEqual([{ password: 'OldPass2026', code: '654321' }]);
    await expect.poll(status).toBe('Off');
  });

  it('makes new recovery codes for an app code: a wrong code says so on the field, a right one shows the new codes once', async () => {
    const renew = mockEndpoint(securityEndpoints.recoveryCodesRenew, (input) =>
      input.code === '111111'
        ? { recovery_codes: ['newaa-aaaaa', 'newbb-bbbbb'] }
        : refuse('TwoFactorCodeInvalid', 'The code is not valid'),
    );
    const { user } = await openSettings({ twoFactor: true });
    await user.click(screen.getByTestId('recovery-renew'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make new recovery codes' }));
    expect(dialog.getByText(/every old one stops working/)).toBeTruthy();

    await user.type(dialog.getByLabelText('Authenticator code'), '999999');
    await user.click(dialog.getByTestId('recovery-renew-confirm'));
    expect(await dialog.findByText('The code is not valid')).toBeTruthy();

    await user.clear(dialog.getByLabelText('Authenticator code'));
    await user.type(dialog.getByLabelText('Authenticator code'), '111111');
    await user.click(dialog.getByTestId('recovery-renew-confirm'));
    const codes = await dialog.findByTestId('recovery-codes');
    expect(codes.textContent).toBe('newaa-aaaaanewbb-bbbbb');
    expect(dialog.getByText(/the old ones no longer work/)).toBeTruthy();
    expect(renew.inputs).toEqual([{ code: '999999' }, { code: '111111' }]);
  });
});
