import { ResultCode } from '@resiport/contract';
import type { FieldByCode } from '../../lib/form-errors';

/** Add form: a taken username (10030 'Username Exist') and a main account short of the initial traffic. */
export const addSubFields = ['username', 'password', 'remark', 'traffic'] as const;
export const addSubFieldByCode: FieldByCode = {
  [ResultCode.UsernameExists]: 'username',
  [ResultCode.MainTrafficShort]: 'traffic',
};

/** Traffic form: whichever side is short of the amount, the amount field says so. */
export const trafficFields = ['traffic'] as const;
export const trafficFieldByCode: FieldByCode = {
  [ResultCode.MainTrafficShort]: 'traffic',
  [ResultCode.SubTrafficShort]: 'traffic',
};
