import { siteEndpoints } from '@resiport/contract';
import { apiUrl, successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The brand the portal reads at run time: what the operator configured, and nothing else. */
describe('GET /site/settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      APP_NAME: 'ProxyCo',
      APP_LOGO_URL: 'https://cdn.proxyco.test/brand/logo.png',
      SUPPORT_EMAIL: 'help@proxyco.test',
    });
  });
  afterAll(() => t.close());

  it("answers anyone with the reseller's name, logo and support address", async () => {
    const answer = await t.sendUnchecked(siteEndpoints.settings, {});
    expect(successData(answer)).toEqual({
      app_name: 'ProxyCo',
      logo_url: 'https://cdn.proxyco.test/brand/logo.png',
      support_email: 'help@proxyco.test',
    });
  });

  it('lets the logo’s origin, and only it, serve images beside the portal’s own', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(siteEndpoints.settings) });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self' data: https://cdn.proxyco.test;");
    expect(policy).toContain("script-src 'self';");
  });

  it('falls back to the local host’s address on a laptop without SUPPORT_EMAIL', async () => {
    const local = await createTestApp({});
    try {
      const settings = successData(await local.sendUnchecked(siteEndpoints.settings, {}));
      expect(settings).toMatchObject({ app_name: 'Resiport', logo_url: null });
      expect(settings.support_email).toBe(`support@${new URL(local.config.publicUrl).hostname}`);
    } finally {
      await local.close();
    }
  });
});
