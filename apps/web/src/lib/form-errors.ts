import type { FormInstance } from 'antd';
import { isApiError } from './api-error';

export interface FieldErrorData {
  name: string;
  errors: string[];
}

/** Failure codes that are about one field (e.g. PasswordError → the password field), per form. */
export type FieldByCode = Readonly<Partial<Record<number, string>>>;

/**
 * The server's per-field messages for the fields this form has: those of a ValidationFailed answer,
 * plus the answer's own message on the field its code is about.
 */
export function serverFieldErrors(
  error: unknown,
  formFields: readonly string[],
  fieldByCode: FieldByCode = {},
): FieldErrorData[] {
  if (!isApiError(error)) return [];
  const errors = Object.entries(error.fieldErrors)
    .filter(([name]) => formFields.includes(name))
    .map(([name, message]) => ({ name, errors: [message] }));
  const codeField = error.code === null ? undefined : fieldByCode[error.code];
  if (codeField !== undefined && formFields.includes(codeField) && error.message) {
    errors.push({ name: codeField, errors: [error.message] });
  }
  return errors;
}

/** Shows server messages on the form's fields; the toast already says what happened overall. */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  formFields: readonly string[],
  fieldByCode?: FieldByCode,
): void {
  const errors = serverFieldErrors(error, formFields, fieldByCode);
  if (errors.length > 0) form.setFields(errors);
}
