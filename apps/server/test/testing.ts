/**
 * What the system tests (`tests/system`: the server and gateways together) use of the server, as
 * `@resiport/server/testing`: the real app on a fresh database, the customer factory, and the
 * checks of its books.
 */
export { createTestApp, type TestApp } from './test-app';
export {
  accountInfo,
  authHeader,
  customerWithSub,
  signedInOperator,
  startOfFreshRateWindow,
  trafficConserved,
} from './factories';
export { auditLedger } from '../src/modules/ledger/ledger.service';
export { reclaimExpiredLeases } from '../src/modules/gateway-link/lease.service';
export { expireDueSubaccounts } from '../src/modules/subaccounts/subaccount-expiry.service';
