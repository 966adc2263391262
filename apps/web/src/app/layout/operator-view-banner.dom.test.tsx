import { accountEndpoints, securityEndpoints, subEndpoints, trafficEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { readAuthData, writeAuthData } from '../../lib/auth-storage';
import { authStorage, readOperatorView } from '../../lib/operator-view';
import { mockEndpoint, never } from '../../test/api-mock';
import { aUser } from '../../test/fixtures';
import { named } from '../../test/queries';
import { renderApp } from '../../test/render-app';

const OPERATOR_TOKEN = 'operator-own-session';

/** A tab opened by "View portal as customer": its sessionStorage holds the view (lib/operator-view.ts). */
function openedAsView() {
  writeAuthData(localStorage, { jwt_token: OPERATOR_TOKEN, expire_at: Math.floor(Date.now() / 1000) + 3600 });
  sessionStorage.setItem(
    'operatorView',
    JSON.stringify({ token: 'view.abc', expires_at: '2026-11-26T09:00:00.000Z', email: 'buyer@example.com' }),
  );
  writeAuthData(sessionStorage, { jwt_token: 'view.abc', expire_at: Math.floor(Date.now() / 1000) + 1800 });
  // The view's first load answers the customer; once the view ends, the tab asks as the operator.
  mockEndpoint(accountEndpoints.userInfo, (_input, call) =>
    call === 1
      ? aUser({ email: 'buyer@example.com', lang: 'ru' })
      : aUser({ email: 'operator@example.com', lang: 'en-us' }),
  );
  mockEndpoint(trafficEndpoints.usage, () => never());
  mockEndpoint(subEndpoints.list, () => never());
}

describe("an operator's view tab", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the customer's portal under a read-only banner, with the view's credential", async () => {
    openedAsView();
    await renderApp(paths.dashboard);

    const banner = await screen.findByTestId('operator-view-banner');
    expect(banner.textContent).toContain(
      "You are viewing buyer@example.com's portal as an operator, read-only",
    );
    expect(banner.textContent).toContain('2026-11-26 09:00 UTC');
    expect(screen.getByTestId('user-email').textContent).toBe('buyer@example.com');
    expect(readAuthData(authStorage())?.jwt_token).toBe('view.abc');
  });

  it("ends the view without touching the operator's own sign-in", async () => {
    openedAsView();
    const ended = mockEndpoint(securityEndpoints.signOut, null);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const { user, location } = await renderApp(paths.dashboard);
    await user.click(await screen.findByRole('button', { name: named('End the view') }));

    expect(close).toHaveBeenCalled();
    // A tab the browser would not close is the operator's own portal again.
    await vi.waitFor(() => expect(screen.queryByTestId('operator-view-banner')).toBeNull());
    expect(location()).toBe(paths.dashboard);
    // The operator's own user, not the customer's cached one (nor the customer's language pushed).
    await vi.waitFor(() => expect(screen.getByTestId('user-email').textContent).toBe('operator@example.com'));
    expect(readAuthData(authStorage())?.jwt_token).toBe(OPERATOR_TOKEN);
    expect(readOperatorView()).toBeNull();
    expect(readAuthData(sessionStorage)).toBeNull();
    expect(readAuthData(localStorage)?.jwt_token).toBe(OPERATOR_TOKEN);
    // The view holds no session of its own: nothing is signed out on the server.
    expect(ended.inputs).toHaveLength(0);
  });
});
