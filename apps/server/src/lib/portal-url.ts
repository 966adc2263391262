/**
 * The portal is served under /client (plugins/web-app.ts), and its pages are named as the web app's
 * `paths` (apps/web/src/config/paths.ts). Every link the server sends to one of them, in mails and in
 * redirects, is built here, so none goes to the API's 404 for a page without the /client prefix.
 */
export const PORTAL_BASE = '/client';

/** `publicUrl` + /client + `page` (which starts with "/"), with `query` encoded. */
export function portalUrl(publicUrl: string, page: string, query: Record<string, string> = {}): string {
  if (!page.startsWith('/')) throw new Error(`a portal page starts with "/": ${page}`);
  const search = new URLSearchParams(query).toString();
  return `${publicUrl}${PORTAL_BASE}${page}${search ? `?${search}` : ''}`;
}
