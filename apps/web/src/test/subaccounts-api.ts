import { subEndpoints, type SubAccount } from '@resiport/contract';
import { mockEndpoint } from './api-mock';
import { aPage } from './fixtures';

/** GET /auth/sublist answering with these sub-accounts (whatever the page, search or id asked). */
export function mockSubList(subs: SubAccount[], mainLeftBytes: number) {
  return mockEndpoint(subEndpoints.list, { ...aPage(subs), main_traffic_left_bytes: mainLeftBytes });
}
