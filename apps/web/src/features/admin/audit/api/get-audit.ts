import { adminAuditEndpoints, type EndpointData, type EndpointInput } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export type AuditQuery = EndpointInput<typeof adminAuditEndpoints.list>;
export type AuditPage = EndpointData<typeof adminAuditEndpoints.list>;

/** Every audit query starts with this key: console changes invalidate it. */
export const auditKey = ['admin', 'audit'] as const;

/** GET /admin/audit: one page of the operator audit log, newest first. */
export async function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return (await api.send(adminAuditEndpoints.list, query, { signal })).data;
}

export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: [...auditKey, query],
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
