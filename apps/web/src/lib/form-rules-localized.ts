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

const texts = validationMessages[serverLangOfLocale(activeLocale)];
const required = requiredString();

/** Ready-made rules for the account forms, in the UI language (built once: the locale never changes in a page load). */
export const formRules = {
  email: [zodRule(emailSchema, texts)],
  loginPassword: [zodRule(loginPasswordSchema, texts)],
  newPassword: [zodRule(newPasswordSchema, texts)],
  required: [zodRule(required, texts)],
  /** Confirm field of a form whose new password field is `password`. */
  confirm: [zodRule(required, texts), sameAsFieldRule('password', texts)],
  /** New password that must also differ from `old_password`. */
  changedPassword: [zodRule(newPasswordSchema, texts), differentFromFieldRule('old_password', texts)],
} satisfies Record<string, FormRule[]>;
