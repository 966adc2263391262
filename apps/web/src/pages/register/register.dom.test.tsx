import { accountEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import RegisterPage from '.';

describe('sign-up of an email that already has an account', () => {
  it('shows the product message on the email and the way on: sign in or a new password', async () => {
    const signUp = mockEndpoint(
      accountEndpoints.signup,
      refuse('EmailRegistered', 'The email is registered'),
    );
    const { user, location } = await renderPage(RegisterPage, { path: paths.register });
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'GoodPass2026');
    await user.type(screen.getByLabelText('Confirm password'), 'GoodPass2026');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('The email is registered')).toBeTruthy();
    const hint = await screen.findByTestId('registered-hint');
    expect(hint.textContent).toContain('This email already has an account.');
    expect(signUp.inputs).toHaveLength(1);
    await user.click(screen.getByTestId('registered-sign-in'));
    await expect.poll(location).toBe(paths.login);
  });
});
