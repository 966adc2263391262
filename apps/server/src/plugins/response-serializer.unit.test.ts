import { accountEndpoints, envelopeSchema } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPlain, responseSerializerCompiler } from './response-serializer';

const serializerOf = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe('response serializer', () => {
  it('takes the fast path only for schemas whose parse is their encode', () => {
    expect(isPlain(envelopeSchema(accountEndpoints.userInfo.response))).toBe(true);
    const plain = z.object({
      a: z.string(),
      b: z.array(z.object({ c: z.number().int().nullable().optional() })),
      d: z.union([z.literal(1), z.enum(['x', 'y'])]),
      e: z.record(z.string(), z.boolean()),
    });
    expect(isPlain(plain)).toBe(true);
    for (const schema of [
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.coerce.number() }),
      z.object({ a: z.string().trim() }),
      z.object({ a: z.string().pipe(z.email()) }),
      z.object({ a: z.array(z.date()) }),
      z.object({ a: z.lazy(() => z.string()) }),
    ]) {
      expect(isPlain(schema)).toBe(false);
    }
  });

  it('drops what the schema does not name and refuses what it does not allow, on both paths', () => {
    const schema = z.object({ id: z.number().int(), name: z.string() });
    const withDefault = z.object({ id: z.number().int(), name: z.string().default('') });
    for (const serialize of [serializerOf(schema), serializerOf(withDefault)]) {
      expect(serialize({ id: 1, name: 'a', password_hash: 'secret' })).toBe('{"id":1,"name":"a"}');
      expect(() => serialize({ id: 1.5, name: 'a' })).toThrow();
      expect(() => serialize({ name: 'a' })).toThrow();
    }
  });

  it('answers exactly what encoding answers for a plain schema', () => {
    const schema = envelopeSchema(accountEndpoints.userInfo.response);
    // token_version: a column the answer must not carry.
    const answer: unknown = {
      code: 0,
      msg: 'Success',
      data: {
        id: 7,
        email: 'someone@example.test',
        balance_cents: 1250,
        traffic_left_bytes: 1e9,
        traffic_used_bytes: 3e9,
        subaccounts_traffic_left_bytes: 2e9,
        subaccounts_count: 3,
        subaccounts_empty_count: 1,
        lang: 'en-us',
        has_api_token: false,
        has_password: true,
        created_at: '2026-11-28T09:00:00.000Z',
        access: { name: 'x' },
        token_version: 4,
      },
    };
    expect(serializerOf(schema)(answer)).toBe(
      JSON.stringify(z.encode(schema, answer as z.output<typeof schema>)),
    );
    expect(serializerOf(schema)(answer)).not.toContain('token_version');
  });
});
