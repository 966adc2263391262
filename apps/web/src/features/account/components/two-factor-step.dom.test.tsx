import { accountEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockEndpoint, refuse } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import { TwoFactorStep } from './two-factor-step';

const challenge = { challenge: 'ticket', expires_at: 2_000_000_000 };

async function openStep() {
  const view = await renderPage(() => <TwoFactorStep challenge={challenge} onBack={() => undefined} />, {
    path: '/user/login',
  });
  await screen.findByTestId('two-factor-code');
  return view;
}

const hint = () => screen.getByTestId('two-factor-hint');

/** Sign-in's second step: each refusal said once, in its place; the cap leaves only a recovery code. */
describe('two-factor sign-in step', () => {
  it('a wrong code is said once, on the field, with no toast beside it', async () => {
    mockEndpoint(accountEndpoints.twoFactorLogin, refuse('TwoFactorCodeInvalid', 'Invalid code'));
    const { user } = await openStep();
    await user.type(screen.getByTestId('two-factor-code'), '123456');
    await user.click(screen.getByTestId('two-factor-submit'));

    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(screen.getAllByText('Invalid code')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('recovery mode asks for a recovery code, not the 6-digit one', async () => {
    const { user } = await openStep();
    expect(hint().textContent).toContain('6-digit code');
    await user.click(screen.getByTestId('two-factor-toggle-recovery'));

    expect(hint().textContent).toBe(
      'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.',
    );
    expect(screen.getByTestId('two-factor-code').getAttribute('placeholder')).toBe('xxxxx-xxxxx');
  });

  it('too many wrong codes (10045): says what happened and what still works, and switches to a recovery code', async () => {
    const sent = mockEndpoint(
      accountEndpoints.twoFactorLogin,
      refuse('TwoFactorLocked', 'Too many wrong codes'),
    );
    const { user } = await openStep();
    await user.type(screen.getByTestId('two-factor-code'), '654321');
    await user.click(screen.getByTestId('two-factor-submit'));

    await expect.poll(() => hint().getAttribute('data-state')).toBe('locked');
    expect(hint().textContent).toContain('Enter a recovery code, or open the link in that email');
    expect(screen.getByTestId('two-factor-code').getAttribute('placeholder')).toBe('xxxxx-xxxxx');
    // No way back to the app's codes while it is locked.
    expect(screen.queryByTestId('two-factor-toggle-recovery')).toBeNull();
    expect(sent.inputs).toEqual([{ challenge: 'ticket', code: '654321' }]);
  });
});
