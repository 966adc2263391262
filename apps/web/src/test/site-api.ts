import { siteEndpoints, type SiteSettings } from '@resiport/contract';
import { mockEndpoint } from './api-mock';

/** The brand every screen test's server has (a reseller's, not the product's defaults). */
export const testSite: SiteSettings = {
  app_name: 'Resiport',
  logo_url: null,
  support_email: 'help@reseller.test',
};

/** GET /site/settings answered with `site` (set up before every test with `testSite`). */
export function mockSite(site: SiteSettings = testSite) {
  return mockEndpoint(siteEndpoints.settings, site);
}
