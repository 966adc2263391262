import type { Endpoint } from '../endpoint';
import { adminAuditEndpoints } from './audit';
import { adminExitsEndpoints } from './exits';
import { adminCatalogueEndpoints } from './catalogue';
import { adminCustomersEndpoints } from './customers';
import { adminOverviewEndpoints } from './overview';
import { adminViewAsEndpoints } from './view-as';
import { adminPaymentsEndpoints } from './payments';

export * from './common';
export * from './audit';
export * from './catalogue';
export * from './exits';
export * from './customers';
export * from './overview';
export * from './view-as';
export * from './payments';

/**
 * Every operator-console call, for the server's registration check and the authorization matrix
 * test (every call × anonymous, customer, operator). Each area adds its endpoints object here.
 */
export const allAdminEndpoints: Record<string, Endpoint> = {
  ...prefixed('audit', adminAuditEndpoints),
  ...prefixed('exits', adminExitsEndpoints),
  ...prefixed('catalogue', adminCatalogueEndpoints),
  ...prefixed('customers', adminCustomersEndpoints),
  ...prefixed('overview', adminOverviewEndpoints),
  ...prefixed('viewAs', adminViewAsEndpoints),
  ...prefixed('payments', adminPaymentsEndpoints),
};

function prefixed(area: string, endpoints: Record<string, Endpoint>): Record<string, Endpoint> {
  return Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [`${area}.${name}`, e]));
}
