import type { PhraseKey } from '../../../i18n/phrase';

/** Why a session ended (`account_sessions.revoked_reason`, migration 2026_12_03_0940). */
export type SessionEndReason =
  /** "Sign out" on this device. */
  | 'signed_out'
  /** Ended from another session's list. */
  | 'signed_out_elsewhere'
  /** "Sign out everywhere" from another session. */
  | 'signed_out_everywhere'
  | 'password_changed'
  | 'password_reset'
  /** Support signed the customer out everywhere from the console. */
  | 'operator_revoked'
  /** An operator disabled the account. */
  | 'account_disabled';

/** What the device still holding an ended session's token is told (code 10013 SessionRevoked). */
export const sessionEndMessages: Record<SessionEndReason, PhraseKey<'codes'>> = {
  signed_out: 'SessionRevoked',
  signed_out_elsewhere: 'SessionSignedOutElsewhere',
  signed_out_everywhere: 'SessionSignedOutElsewhere',
  password_changed: 'SessionPasswordChanged',
  password_reset: 'SessionPasswordReset',
  operator_revoked: 'SessionEndedBySupport',
  account_disabled: 'SessionEndedBySupport',
};
