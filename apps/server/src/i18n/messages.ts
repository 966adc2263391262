import type { ResultCodeName } from '@resiport/contract';

/** Success texts that are not result codes. */
export type SuccessMessage =
  'ActivationSent' | 'ResetLinkSent' | 'PasswordChanged' | 'PasswordReset' | 'OrderPaid';

/** Every text the API may put in `msg`; `{name}` placeholders are filled per request. */
export type MessageKey = ResultCodeName | SuccessMessage;
export type Catalogue = Record<MessageKey, string>;
