import type { SiteSettings } from '@resiport/contract';
import type { Config } from '../../config';

/**
 * The brand the portal shows (the `/site/settings` call). SUPPORT_EMAIL is required where the server
 * is publicly reachable (production-guards.ts); on a laptop without it, the local host's address
 * stands in, so a development portal still has somewhere to point.
 */
export function siteSettingsOf(
  config: Pick<Config, 'appName' | 'logoUrl' | 'supportEmail' | 'publicUrl'>,
): SiteSettings {
  return {
    app_name: config.appName,
    logo_url: config.logoUrl,
    support_email: config.supportEmail ?? `support@${new URL(config.publicUrl).hostname}`,
  };
}
