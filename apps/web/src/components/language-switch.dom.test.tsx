import { accountEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../lib/auth-storage';
import { mockEndpoint, refuse } from '../test/api-mock';
import { renderWithProviders } from '../test/render';
import { signIn } from '../test/session';
import { LanguageSwitch } from './language-switch';

/**
 * The language choice (header and public pages): the account's server language follows it, so
 * mails and messages match; the choice is stored and the page reloads in it (jsdom only notes the reload).
 */
describe('the language switch', () => {
  it('switches a signed-in account to Russian on the server and in this browser', async () => {
    signIn();
    const setLang = mockEndpoint(accountEndpoints.setLang, null);
    const { user } = await renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByText('Русский'));

    await expect.poll(() => localStorage.getItem(storageKeys.locale)).toBe('ru-RU');
    expect(setLang.inputs).toEqual([{ lang: 'ru' }]);
  });

  it("still switches when the server refuses, since the choice is this browser's", async () => {
    signIn();
    mockEndpoint(accountEndpoints.setLang, refuse('ServiceUnavailable', 'Try again later'));
    const { user } = await renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByText('Русский'));

    await expect.poll(() => localStorage.getItem(storageKeys.locale)).toBe('ru-RU');
  });

  it('only stores the choice for a signed-out visitor', async () => {
    const { user } = await renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByText('Русский'));

    // No request: an unmocked one would fail this test.
    await expect.poll(() => localStorage.getItem(storageKeys.locale)).toBe('ru-RU');
  });
});
