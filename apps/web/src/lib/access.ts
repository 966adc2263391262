import { NO_ACCESS, type UserInfo } from '@resiport/contract';

/** Access flags of the signed-in user (Ant Design Pro's access.ts shape). */
export interface Access {
  canSeeAdmin: boolean;
}

/** docs/product.md#can-see-admin: canSeeAdmin when the access name exists and is not `dontHaveAccess`. */
export function accessOf(user: Pick<UserInfo, 'access'> | null | undefined): Access {
  // Widened to string: a newer server may send access names this build does not know yet.
  const name: string | undefined = user?.access?.name;
  return { canSeeAdmin: name !== undefined && name !== '' && name !== NO_ACCESS };
}
