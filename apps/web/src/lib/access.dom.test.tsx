import { whitelistEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { mockEndpoint } from '../test/api-mock';
import { aPage } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { signIn } from '../test/session';

/** A light signed-in page: the shell is what is under test. */
function mockPageData() {
  mockEndpoint(whitelistEndpoints.list, { ...aPage([]), limit: 50, current_ip: '192.0.2.1' });
}

describe('docs/product.md#can-see-admin: a user whose access object has no name', () => {
  it('gets the signed-in shell as a customer (no operator badge), not a crash', async () => {
    const user = signIn({ access: {} });
    mockPageData();
    const { location } = await renderApp(paths.whitelist);

    expect((await screen.findByTestId('user-email')).textContent).toBe(user.email);
    expect(screen.queryByTestId('operator-tag')).toBeNull();
    expect(location()).toBe(paths.whitelist);
  });

  it('the same when the access object itself is missing', async () => {
    signIn({ access: undefined });
    mockPageData();
    await renderApp(paths.whitelist);

    await screen.findByTestId('user-email');
    expect(screen.queryByTestId('operator-tag')).toBeNull();
  });
});
