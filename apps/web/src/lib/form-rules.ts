import { isValidationMessageKey, type ValidationMessageKey } from '@resiport/contract';
import type { FormInstance, FormRule } from 'antd';

/**
 * Form rules from the contract's zod schemas (docs/product.md#validation), so the browser and the server reject the
 * same input with the same words. A schema's issue message is a contract key such as
 * 'validation.email'; the rule shows that key's text in the UI language.
 */
export type ValidationTexts = Readonly<Record<ValidationMessageKey, string>>;

/** The part of a zod schema the adapter uses. */
export interface SafeParser {
  safeParse(input: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

export function textForIssue(message: string | undefined, texts: ValidationTexts): string {
  return texts[message !== undefined && isValidationMessageKey(message) ? message : 'validation.invalid'];
}

/** First failing issue of `value`, as a localized text; undefined when the value passes. */
export function validateWith(schema: SafeParser, value: unknown, texts: ValidationTexts): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : textForIssue(result.error?.issues[0]?.message, texts);
}

/** `required` only draws the asterisk; the schema decides (an empty value gets its 'Required'). */
export function zodRule(
  schema: SafeParser,
  texts: ValidationTexts,
  options: { required?: boolean } = {},
): FormRule {
  return {
    required: options.required ?? true,
    validator: async (_rule, value: unknown) => {
      const problem = validateWith(schema, value, texts);
      if (problem !== undefined) throw new Error(problem);
    },
  };
}

type FieldReader = Pick<FormInstance, 'getFieldValue'>;

/** Confirm-password rule: 'The password is not the same' when it differs from `field`. */
export function sameAsFieldRule(field: string, texts: ValidationTexts) {
  return (form: FieldReader) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value !== undefined && value !== '' && value !== form.getFieldValue(field)) {
        throw new Error(texts['validation.confirm']);
      }
    },
  });
}

/** New-password rule: must differ from the current one (docs/product.md#passwords), checked before the server does. */
export function differentFromFieldRule(field: string, texts: ValidationTexts) {
  return (form: FieldReader) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value !== undefined && value !== '' && value === form.getFieldValue(field)) {
        throw new Error(texts['validation.passwordUnchanged']);
      }
    },
  });
}
