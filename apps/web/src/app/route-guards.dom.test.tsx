import { accountEndpoints, adminAuditEndpoints, subEndpoints, trafficEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { peekPendingNavigation, readAuthData } from '../lib/auth-storage';
import { mockEndpoint, never, refuse } from '../test/api-mock';
import { renderApp } from '../test/render-app';
import { signIn } from '../test/session';

/** The sign-in page asks which social sign-ins exist; the dashboard's chart and traffic split may wait for ever. */
function mockPageData() {
  mockEndpoint(accountEndpoints.oauthProviders, { google: false, yandex: false });
  mockEndpoint(trafficEndpoints.usage, () => never());
  mockEndpoint(subEndpoints.list, () => never());
}

const signInForm = () => screen.findByRole('heading', { name: 'Sign in' });

describe('route guards', () => {
  it('sends a signed-out visitor to sign-in, keeping the query and the page to come back to', async () => {
    mockPageData();
    const { location } = await renderApp(`${paths.whitelist}?ref=mail`);

    await signInForm();
    expect(location()).toBe(`${paths.login}?ref=mail`);
    expect(peekPendingNavigation(sessionStorage)).toEqual({ path: paths.whitelist, search: '?ref=mail' });
  });

  it('sends a signed-in user away from sign-in to the dashboard inside the shell', async () => {
    const user = signIn({ email: 'buyer@example.com', balance_cents: 1_234 });
    mockPageData();
    const { location } = await renderApp(paths.login);

    expect(await screen.findByTestId('user-email')).toHaveProperty('textContent', user.email);
    expect(screen.getByTestId('header-balance').textContent).toBe('$12.34');
    expect(location()).toBe(paths.dashboard);
  });

  it('forgets a session the server no longer knows and asks to sign in again', async () => {
    signIn();
    mockEndpoint(accountEndpoints.userInfo, refuse('SessionExpired', 'Please sign in again'));
    mockPageData();
    const { location } = await renderApp(paths.recharge);

    await signInForm();
    expect(location()).toBe(paths.login);
    expect(readAuthData(localStorage)).toBeNull();
  });

  it('says why a session ended elsewhere, once, on the sign-in page it lands on', async () => {
    signIn();
    const why = 'You were signed out from another device; please sign in again';
    mockEndpoint(accountEndpoints.userInfo, refuse('SessionRevoked', why));
    mockPageData();
    const first = await renderApp(paths.recharge);

    expect((await screen.findByTestId('session-ended-alert')).textContent).toBe(why);
    expect(first.location()).toBe(paths.login);
    first.unmount();
    // Shown once: coming back to sign-in later, nothing is left of it.
    await renderApp(paths.login);
    await signInForm();
    expect(screen.queryByTestId('session-ended-alert')).toBeNull();
  });
});

describe('the operator console', () => {
  it('sends a customer who opens a console page to the dashboard, without the console in the menu', async () => {
    signIn({ access: { name: 'dontHaveAccess' } });
    mockPageData();
    const { location } = await renderApp(paths.adminAudit);

    await screen.findByTestId('user-email');
    expect(location()).toBe(paths.dashboard);
    expect(screen.queryByText('Operator console')).toBeNull();
  });

  it('opens for an operator, with its entry in the menu', async () => {
    signIn({ access: { name: 'operator' } });
    mockPageData();
    mockEndpoint(adminAuditEndpoints.list, { list: [], total: 0, page: 1, page_size: 20 });
    const { location } = await renderApp(paths.adminAudit);

    expect(await screen.findByText('No operator actions match')).toBeTruthy();
    expect(location()).toBe(paths.adminAudit);
    expect(screen.getByText('Operator console')).toBeTruthy();
  });
});

describe('the signed-in shell', () => {
  it('shows the operator badge for an access name this build does not know yet', async () => {
    signIn({ access: { name: 'auditor' } });
    mockPageData();
    await renderApp(paths.dashboard);

    expect(await screen.findByTestId('operator-tag')).toHaveProperty('textContent', 'Operator');
  });

  it('shows no badge for a customer', async () => {
    signIn();
    mockPageData();
    await renderApp(paths.dashboard);

    await screen.findByTestId('user-email');
    expect(screen.queryByTestId('operator-tag')).toBeNull();
  });

  it('moves the account to the language of this browser, so mails match what the user reads', async () => {
    signIn({ lang: 'ru' });
    const setLang = mockEndpoint(accountEndpoints.setLang, null);
    mockPageData();
    await renderApp(paths.dashboard);

    await screen.findByTestId('user-email');
    await expect.poll(() => setLang.inputs).toEqual([{ lang: 'en-us' }]);
  });
});
