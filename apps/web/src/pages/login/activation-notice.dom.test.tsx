import { accountEndpoints, activationResult } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import LoginPage from '.';

async function openLogin(activation: string, param = 'activation') {
  mockEndpoint(accountEndpoints.oauthProviders, { google: false, yandex: false });
  return renderPage(LoginPage, { path: paths.login, url: `${paths.login}?${param}=${activation}` });
}

describe('sign-in page after an activation link', () => {
  it('says a reopened link belongs to an active account and offers sign-in, not re-registering', async () => {
    await openLogin(activationResult.alreadyActive);

    const alert = await screen.findByTestId('activation-alert');
    expect(alert.textContent).toBe('This link was already used: your account is active. Please sign in.');
    expect(alert.textContent).not.toContain('re-register');
    expect(screen.getByRole('button', { name: /sign in/i })).toBeTruthy();
  });

  it('keeps the product text for a link that is truly invalid', async () => {
    await openLogin(activationResult.invalid);

    const alert = await screen.findByTestId('activation-alert');
    expect(alert.textContent).toContain('Invalid link, please re-register');
  });

  it('after the "too many wrong codes" link: says codes work again, or that the link is spent', async () => {
    await openLogin('ok', 'unlock');
    expect((await screen.findByTestId('unlock-alert')).textContent).toBe(
      'Two-factor sign-in accepts codes again. Sign in with your password and a code.',
    );
  });

  it('a spent unlock link points to the recovery codes', async () => {
    await openLogin('invalid', 'unlock');
    expect((await screen.findByTestId('unlock-alert')).textContent).toContain('Use a recovery code');
  });
});
