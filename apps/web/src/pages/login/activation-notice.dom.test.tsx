import { accountEndpoints, activationResult } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import LoginPage from '.';

async function openLogin(activation: string) {
  mockEndpoint(accountEndpoints.oauthProviders, { google: false, yandex: false });
  return renderPage(LoginPage, { path: paths.login, url: `${paths.login}?activation=${activation}` });
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
});
