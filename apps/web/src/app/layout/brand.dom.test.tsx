import { accountEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockEndpoint } from '../../test/api-mock';
import { paths } from '../../config/paths';
import { renderApp } from '../../test/render-app';
import { mockSite } from '../../test/site-api';

const proxyCo = {
  app_name: 'ProxyCo',
  logo_url: 'https://cdn.proxyco.test/logo.png',
  support_email: 'help@proxyco.test',
};

/** One build serves any brand: the name, logo and support address come from the server at run time. */
describe('the brand from the server', () => {
  beforeEach(() => {
    mockEndpoint(accountEndpoints.oauthProviders, { google: false, yandex: false });
  });

  it('names the reseller in the sign-in page, its footer and the tab, with its logo', async () => {
    const site = mockSite(proxyCo);
    await renderApp(paths.login);

    expect(await screen.findByText('ProxyCo')).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} ProxyCo`)).toBeTruthy();
    const logo = screen.getByTestId('app-logo');
    expect(logo.getAttribute('src')).toBe(proxyCo.logo_url);
    expect(logo.getAttribute('alt')).toBe('ProxyCo');
    await expect.poll(() => document.title).toMatch(/ProxyCo$/);
    expect(document.body.textContent).not.toContain('Resiport');
    expect(site.inputs).toHaveLength(1);
  });

  it('keeps the bundled mark when no logo is set', async () => {
    mockSite({ ...proxyCo, logo_url: null });
    await renderApp(paths.login);
    await screen.findByText('ProxyCo');
    expect(screen.getByTestId('app-logo').getAttribute('src')).toMatch(/logo\.svg$/);
  });
});
