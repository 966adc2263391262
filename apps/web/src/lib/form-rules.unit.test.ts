import {
  emailSchema,
  loginPasswordSchema,
  newPasswordSchema,
  requiredString,
  validationMessages,
} from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { serverFieldErrors } from './form-errors';
import { differentFromFieldRule, sameAsFieldRule, validateWith, zodRule } from './form-rules';

const en = validationMessages['en-us'];
const ru = validationMessages.ru;

/** Runs an antd rule object's validator and returns its message, or undefined when it passes. */
async function run(rule: unknown, value: unknown): Promise<string | undefined> {
  const { validator } = rule as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const form = (values: Record<string, unknown>) => ({
  getFieldValue: (name: unknown) => values[String(name)],
});

describe('zod schemas as form rules', () => {
  it('gives the product texts in English', () => {
    expect(validateWith(emailSchema, 'nope', en)).toBe('Please enter a valid email address');
    expect(validateWith(emailSchema, '', en)).toBe('Required');
    expect(validateWith(emailSchema, undefined, en)).toBe('Required');
    expect(validateWith(loginPasswordSchema, '', en)).toBe('Please enter your passowrd');
    expect(validateWith(newPasswordSchema, 'abcdefgh', en)).toBe(en['validation.newPassword']);
    expect(validateWith(requiredString(), '', en)).toBe('Required');
    expect(validateWith(emailSchema, ' A@Example.com ', en)).toBeUndefined();
  });

  it('gives the same keys in Russian', () => {
    expect(validateWith(emailSchema, 'nope', ru)).toBe(ru['validation.email']);
  });

  it('turns into an antd rule that rejects with the text', async () => {
    const rule = zodRule(newPasswordSchema, en);
    expect(rule).toMatchObject({ required: true });
    expect(await run(rule, 'short1')).toBe(en['validation.newPassword']);
    expect(await run(rule, 'longenough1')).toBeUndefined();
    expect(zodRule(emailSchema, en, { required: false })).toMatchObject({ required: false });
  });

  it('checks confirmation and a changed password against other fields', async () => {
    const confirm = sameAsFieldRule('password', en)(form({ password: 'abc12345' }));
    expect(await run(confirm, 'abc12346')).toBe('The password is not the same');
    expect(await run(confirm, 'abc12345')).toBeUndefined();
    expect(await run(confirm, '')).toBeUndefined();

    const changed = differentFromFieldRule('old_password', en)(form({ old_password: 'abc12345' }));
    expect(await run(changed, 'abc12345')).toBe(en['validation.passwordUnchanged']);
    expect(await run(changed, 'xyz12345')).toBeUndefined();
  });
});

describe('serverFieldErrors', () => {
  it('keeps the fields the form has and maps codes to fields', () => {
    const validation = new ApiError('server', 'Check', 10001, { fields: { email: 'bad', _: 'x' } });
    expect(serverFieldErrors(validation, ['email', 'password'])).toEqual([
      { name: 'email', errors: ['bad'] },
    ]);

    const wrongPassword = new ApiError('server', 'Password error', 10005, null);
    expect(serverFieldErrors(wrongPassword, ['password'], { 10005: 'password' })).toEqual([
      { name: 'password', errors: ['Password error'] },
    ]);
    expect(serverFieldErrors(new Error('x'), ['email'])).toEqual([]);
  });
});
