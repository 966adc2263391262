import { siteEndpoints, type SiteSettings } from '@resiport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/**
 * The name the server put in index.html's title (APP_NAME): what the brand reads until
 * `/site/settings` answers, so the reseller's name shows from the first paint.
 */
const servedName = typeof document === 'undefined' ? '' : document.title;

/** GET /site/settings: the reseller's brand, read once per page load (it changes with a restart). */
export const siteSettingsQuery = queryOptions({
  queryKey: ['site', 'settings'],
  queryFn: async ({ signal }) => (await api.send(siteEndpoints.settings, {}, { quiet: true, signal })).data,
  staleTime: Infinity,
  retry: 3,
});

/** The brand (APP_NAME, logo, support address) of the server this portal came from. */
export function useSite(): SiteSettings {
  const { data } = useQuery(siteSettingsQuery);
  return data ?? { app_name: servedName, logo_url: null, support_email: '' };
}
