/** What other modules may read of an account row; they never query `accounts` themselves. */
export { findTrafficFigures } from './account.repository';

/**
 * What the operator console reads and changes of an account (docs/product.md#operator-console), through the account
 * module: the row, its linked identities and sessions, its status (disable / enable) and role.
 */
export { findAccountById, lockAccountById, setStatus, type AccountRow } from './account.repository';
export { identitiesOf } from './oauth/oauth.repository';
export { endEverySession, endOtherSessions, sessionHistory } from './session/session.service';
export { changeOperatorRole } from './operator.service';
export { renewActivationLink } from './sign-up.service';
export { issueViewToken } from './session/view-token';
