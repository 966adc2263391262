import type { FormInstance } from 'antd';
import { isApiError } from './api-error';

export interface FieldErrorData {
  name: string;
  errors: string[];
}

/** The server's per-field messages (a ValidationFailed answer) for the fields this form has. */
export function serverFieldErrors(error: unknown, formFields: readonly string[]): FieldErrorData[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.fieldErrors)
    .filter(([name]) => formFields.includes(name))
    .map(([name, message]) => ({ name, errors: [message] }));
}

/** Shows server validation messages on the form's fields; the toast already says what happened overall. */
export function showServerFieldErrors(form: FormInstance, error: unknown, formFields: readonly string[]): void {
  const errors = serverFieldErrors(error, formFields);
  if (errors.length > 0) form.setFields(errors);
}
