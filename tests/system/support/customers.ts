import { customerWithSub as serverCustomerWithSub, type TestApp } from '@resiport/server/testing';

/**
 * A signed-in customer of the real server with 1 GB on the main account and one sub-account holding
 * `subMb` MB of it, created through the API as the portal does.
 */
export function customerWithSub(t: TestApp, subMb: number, password = 'Line-pass.1') {
  return serverCustomerWithSub(t, { subGb: subMb / 1000, password, prefix: 'linkuser' });
}
