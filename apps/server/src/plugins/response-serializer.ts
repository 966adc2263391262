import type { FastifySerializerCompiler } from 'fastify';
import {
  ResponseSerializationError,
  serializerCompiler as encodingSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Every answer still goes through its response schema: a field the schema does not name is dropped
 * (a handler can never leak a column it did not mean to send) and a wrong value is a 500, never sent.
 * fastify-type-provider-zod does this with `z.safeEncode`, which walks the schema generically; for a
 * plain schema — objects, arrays, scalars, enums, unions, optionals, no transform, pipe, default,
 * coercion or overwrite anywhere — encoding and parsing are the same walk, and `z.safeParse` runs
 * zod's compiled fast path (about ten times quicker on /user/info's envelope, docs/performance.md). Any other
 * schema keeps the library's encoder.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType) || !isPlain(schema)) return encodingSerializerCompiler(route);
  const { method, url } = route;
  return (data) => {
    const result = z.safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** The schema node types whose parse equals their encode (given plain children). */
const PLAIN_LEAVES = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'undefined',
  'literal',
  'enum',
  'any',
  'unknown',
]);

const plainness = new WeakMap<object, boolean>();

interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

export function isPlain(schema: z.ZodType): boolean {
  const known = plainness.get(schema);
  if (known !== undefined) return known;
  // A schema met again while being judged (a cycle) is judged by its first visit.
  plainness.set(schema, true);
  const verdict = judge(schema._zod.def);
  plainness.set(schema, verdict);
  return verdict;
}

function judge(def: Def): boolean {
  if (def.coerce === true) return false;
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return false;
  if (PLAIN_LEAVES.has(def.type)) return true;
  const children: (z.ZodType | undefined)[] = [];
  switch (def.type) {
    case 'object':
      children.push(...Object.values(def.shape ?? {}), def.catchall);
      break;
    case 'array':
      children.push(def.element);
      break;
    case 'optional':
    case 'nullable':
    case 'readonly':
      children.push(def.innerType);
      break;
    case 'union':
      children.push(...(def.options ?? []));
      break;
    case 'record':
      children.push(def.keyType, def.valueType);
      break;
    default:
      // transform, pipe (codecs, preprocess), default, prefault, catch, lazy, date, bigint, …
      return false;
  }
  return children.every((child) => child === undefined || isPlain(child));
}
