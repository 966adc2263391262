import {
  emailSchema,
  loginPasswordSchema,
  newPasswordSchema,
  requiredString,
  validationMessages,
} from '@resiport/contract';
import type { FormRule } from 'antd';
import { activeLocale } from './active-locale';
import { differentFromFieldRule, sameAsFieldRule, zodRule } from './form-rules';
import { serverLangOfLocale } from './i18n';

/** The contract's validation messages in the UI language. */
export const validationTexts = validationMessages[serverLangOfLocale(activeLocale)];
const required = requiredString();

/** Ready-made rules for the account forms, in the UI language (built once: the locale never changes in a page load). */
export const formRules = {
  email: [zodRule(emailSchema, validationTexts)],
  loginPassword: [zodRule(loginPasswordSchema, validationTexts)],
  newPassword: [zodRule(newPasswordSchema, validationTexts)],
  required: [zodRule(required, validationTexts)],
  /** Confirm field of a form whose new password field is `password`. */
  confirm: [zodRule(required, validationTexts), sameAsFieldRule('password', validationTexts)],
  /** New password that must also differ from `old_password`. */
  changedPassword: [
    zodRule(newPasswordSchema, validationTexts),
    differentFromFieldRule('old_password', validationTexts),
  ],
} satisfies Record<string, FormRule[]>;
