import type { ResultCodeName } from '@resiport/contract';

/** Success texts that are not result codes. */
export type SuccessMessage =
  | 'ActivationSent'
  | 'ResetLinkSent'
  | 'PasswordChanged'
  | 'PasswordReset'
  | 'OrderPaid'
  | 'TwoFactorEnabled'
  | 'TwoFactorDisabled'
  | 'SessionsRevoked';

/** Texts used inside other messages or instead of a code's own text. */
export type PartMessage =
  | 'TooManyRequestsSeconds'
  | 'ApiTokenRevokedRegenerated'
  | 'ApiTokenRevokedPasswordChanged'
  | 'ApiTokenRevokedPasswordReset'
  | 'ApiTokenRevokedSignedOutEverywhere';

/** Every text the API may put in `msg`; `{name}` placeholders are filled per request. */
export type MessageKey = ResultCodeName | SuccessMessage | PartMessage;
export type Catalogue = Record<MessageKey, string>;
