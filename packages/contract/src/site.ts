import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint';

/**
 * The reseller's brand as the server is configured with it (APP_NAME, APP_LOGO_URL, SUPPORT_EMAIL):
 * one build of the portal serves any brand, reading it here at start.
 */
export const siteSettingsData = z.object({
  app_name: z.string(),
  /** An image the portal shows in place of its own mark; null: the bundled mark. */
  logo_url: z.string().nullable(),
  /** Where customers write when a payment or an account needs a person. */
  support_email: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsData>;

export const siteEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/site/settings',
    auth: 'public',
    readOnly: true,
    request: noInput,
    response: siteSettingsData,
    summary: "The reseller's brand: product name, logo and support address.",
  }),
};
