import type { Endpoint } from '../endpoint';
import { adminAuditEndpoints } from './audit';

export * from './common';
export * from './audit';

/**
 * Every operator-console call, for the server's registration check and the authorization matrix
 * test (every call × anonymous, customer, operator). Each area adds its endpoints object here.
 */
export const allAdminEndpoints: Record<string, Endpoint> = {
  ...prefixed('audit', adminAuditEndpoints),
};

function prefixed(area: string, endpoints: Record<string, Endpoint>): Record<string, Endpoint> {
  return Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [`${area}.${name}`, e]));
}
