import { accountEndpoints, securityEndpoints, subEndpoints, trafficEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { readAuthData, writeAuthData } from '../../lib/auth-storage';
import { mockEndpoint, never, refuse } from '../../test/api-mock';
import { aUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** A signed-in customer on the dashboard (its side calls never answer: they are not under test). */
function signedIn() {
  writeAuthData(localStorage, {
    jwt_token: 'session-token',
    expire_at: Math.floor(Date.now() / 1000) + 3600,
  });
  mockEndpoint(accountEndpoints.userInfo, aUser({ email: 'buyer@example.com' }));
  mockEndpoint(trafficEndpoints.usage, () => never());
  mockEndpoint(subEndpoints.list, () => never());
}

async function signOutThroughMenu() {
  const rendered = await renderApp(paths.dashboard);
  await rendered.user.click(await screen.findByTestId('user-menu'));
  await rendered.user.click(await screen.findByTestId('sign-out'));
  return rendered;
}

describe('"Sign out" in the account menu', () => {
  it('ends the session on the server, then forgets it here and shows the sign-in page', async () => {
    signedIn();
    const ended = mockEndpoint(securityEndpoints.signOut, null);
    const { location } = await signOutThroughMenu();

    await vi.waitFor(() => expect(location()).toBe(paths.login));
    expect(ended.inputs).toHaveLength(1);
    expect(readAuthData(localStorage)).toBeNull();
  });

  it('signs out here even when the server does not take it (a session it had already ended)', async () => {
    signedIn();
    const ended = mockEndpoint(securityEndpoints.signOut, refuse('SessionRevoked', 'Signed out'));
    const { location } = await signOutThroughMenu();

    await vi.waitFor(() => expect(location()).toBe(paths.login));
    expect(ended.inputs).toHaveLength(1);
    expect(readAuthData(localStorage)).toBeNull();
    // Quiet: no error toast for a sign-out that happened anyway.
    expect(document.querySelector('.ant-message-error')).toBeNull();
  });
});
