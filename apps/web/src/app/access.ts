import { NO_ACCESS, type UserInfo } from '@resiport/contract';

/** Access flags of the signed-in user (Ant Design Pro's access.ts shape). */
export interface Access {
  canSeeAdmin: boolean;
}

/** Spec §6: canSeeAdmin when the access name exists and is not `dontHaveAccess`. */
export function accessOf(user: Pick<UserInfo, 'access'> | null | undefined): Access {
  const name = user?.access.name;
  return { canSeeAdmin: typeof name === 'string' && name !== '' && name !== NO_ACCESS };
}
