import type { EndpointData, subEndpoints } from '@resiport/contract';

export type SubAccountPage = EndpointData<typeof subEndpoints.list>;

export interface SubAccountsFilter {
  page: number;
  pageSize: number;
  /** Username or remark; blank: all. */
  search: string;
}

/** Every sub-account query starts with this key: invalidate it after any change. */
export const subAccountsKey = ['subaccounts'] as const;
export const subAccountListsKey = [...subAccountsKey, 'list'] as const;

export const subAccountListKey = (filter: SubAccountsFilter) =>
  [...subAccountListsKey, { ...filter }] as const;
export const subAccountKey = (id: number) => [...subAccountsKey, 'one', id] as const;
