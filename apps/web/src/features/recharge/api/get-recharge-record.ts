import { rechargeEndpoints } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every recharge-record query starts with this key; invalidate it after a payment check. */
export const rechargeRecordKey = ['recharge', 'record'] as const;

/** GET /order/rechargeRecord: one page of the account's top-ups, newest first. */
export async function getRechargeRecord(page: number, pageSize: number) {
  return (await api.send(rechargeEndpoints.record, { page, page_size: pageSize })).data;
}

export function useRechargeRecord(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...rechargeRecordKey, page, pageSize],
    queryFn: () => getRechargeRecord(page, pageSize),
    placeholderData: keepPreviousData,
  });
}
