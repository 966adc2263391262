import { ResultCode } from '@resiport/contract';
import type { FieldByCode } from '../../lib/form-errors';

export const whitelistFields = ['ip', 'remark'] as const;

/** Refusals about the address itself go on the IP field; 10035 (list full) is about the list, not the field. */
export const whitelistFieldByCode: FieldByCode = {
  [ResultCode.IpAlreadyWhitelisted]: 'ip',
  [ResultCode.IpTaken]: 'ip',
  [ResultCode.IpNotAllowed]: 'ip',
};
