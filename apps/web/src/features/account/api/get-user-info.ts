import { accountPaths, userInfoData } from '@resiport/contract';
import { api } from '../../../lib/api';

/** GET /user/info: the signed-in account (spec §4 startup). The query lives in app/current-user.ts. */
export async function getUserInfo() {
  return (await api.get(accountPaths.userInfo, { schema: userInfoData })).data;
}
