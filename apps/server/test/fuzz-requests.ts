import fc from 'fast-check';
import type { JsonSchema, Operation } from './fuzz-operations';

/**
 * Request generation for the API fuzz suite (src/fuzz.test.ts): the operations come from the public
 * OpenAPI document, the values from their schemas — valid-looking ones mixed with hostile ones (wrong
 * types, huge and unicode strings, control characters, -1, 1e309, NaN, arrays for scalars, objects),
 * sent as query strings, JSON or form bodies, with required fields dropped and extra fields added.
 */

/** A number written as-is into JSON and query strings (1e309, NaN, -0 …), which JSON.stringify cannot. */
export class RawNumber {
  constructor(readonly text: string) {}
}

type Value = string | number | boolean | null | RawNumber | Value[] | { [key: string]: Value };

const hostileStrings = [
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '1.5',
  '0x1F',
  '9'.repeat(40),
  ' 1 ',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; DROP TABLE accounts; --',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '%',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\t',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\u202e',
  '\uffff',
  'İı',
  'Ω≈ç√∫',
  '🙂'.repeat(30),
  '𝕬𝖇𝖈',
  '__proto__',
  'constructor',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '255.255.255.256',
  '::ffff:127.0.0.1',
  'a@b',
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
];

const hostileNumbers = [-1, 0, -0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE];
const rawNumbers = ['1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '1e-400', '00012', '-0'].map(
  (text) => new RawNumber(text),
);

const hostileLeaf: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.constantFrom(300, 5_000, 20_000).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(100, 3_000).map((n) => 'жé🙂'.repeat(n)) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(...rawNumbers) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
);

/** Hostile values: leaves, arrays where scalars belong, objects. */
export const hostileValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '__proto__', '$gt'), hostileLeaf, { maxKeys: 2 }),
  },
);

/** A value the schema would accept, as far as a generator can tell (ids drawn from `knownIds` too). */
export function validValue(schema: JsonSchema, knownIds: number[]): fc.Arbitrary<Value> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as Value[]));
  switch (schema.type ?? '') {
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer': {
      const min = Math.max((schema.minimum ?? -1e6) + (schema.exclusiveMinimum ? 1 : 0), -1e6);
      const max = Math.min(schema.maximum ?? 1e9, 1e9);
      const ids = knownIds.filter((id) => id >= min && id <= max);
      const any = fc.integer({ min, max });
      return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), any) : any;
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, knownIds), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectValue(schema, knownIds);
    default:
      return hostileLeaf;
  }
}

const controlCharacters = ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b'];

/** A valid value with a control character slipped in (where NUL used to reach PostgreSQL). */
function tainted(schema: JsonSchema, knownIds: number[]): fc.Arbitrary<Value> {
  return fc
    .tuple(validValue(schema, knownIds), fc.constantFrom(...controlCharacters), fc.nat())
    .map(([value, char, at]) => {
      const text = typeof value === 'string' ? value : scalarText(value);
      const i = text.length === 0 ? 0 : at % (text.length + 1);
      return `${text.slice(0, i)}${char}${text.slice(i)}`;
    });
}

/** One field: mostly valid, often hostile, sometimes valid but for a control character. */
function fieldValue(schema: JsonSchema, knownIds: number[]): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 5, arbitrary: validValue(schema, knownIds) },
    { weight: 3, arbitrary: hostileValue },
    { weight: 1, arbitrary: tainted(schema, knownIds) },
  );
}

/** An object for a schema: each field present or missing (required ones mostly present), plus extra fields. */
export function objectValue(schema: JsonSchema, knownIds: number[]): fc.Arbitrary<Record<string, Value>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, fieldSchema]) =>
    fc
      .tuple(fc.integer({ min: 0, max: 9 }), fieldValue(fieldSchema, knownIds))
      .map(([dice, value]) => ({ name, value, present: required.has(name) ? dice > 0 : dice > 3 })),
  );
  const extra = fc.dictionary(fc.constantFrom('extra', 'is_admin', 'role', 'account_id', 'x'), hostileValue, {
    maxKeys: 2,
  });
  return fc
    .tuple(fc.tuple(...fields), fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, extra))
    .map(([entries, extras]) => {
      const object: Record<string, Value> = {};
      for (const { name, value, present } of entries) if (present) object[name] = value;
      return { ...extras, ...object };
    });
}

function scalarText(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  if (value === null) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** JSON text, with raw numbers written as they are (so `1e309` and `NaN` reach the server's parser). */
export function toJsonText(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Query-string or form pairs: arrays as repeated keys, objects as `key[sub]`. */
export function toPairs(object: Record<string, Value>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(object)) {
    if (Array.isArray(value)) for (const item of value) pairs.push([key, scalarText(item)]);
    else if (value !== null && typeof value === 'object' && !(value instanceof RawNumber)) {
      for (const [sub, item] of Object.entries(value)) pairs.push([`${key}[${sub}]`, scalarText(item)]);
    } else pairs.push([key, scalarText(value)]);
  }
  return pairs;
}

export interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const junkBodies = [
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '123',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '{}'.repeat(5),
];

/** One request for an operation (the caller adds the session header, or not). */
export function requestFor(op: Operation, knownIds: number[]): fc.Arbitrary<FuzzRequest> {
  const query = objectValue(
    {
      type: 'object',
      properties: Object.fromEntries(op.query.map((q) => [q.name, q.schema])),
      required: op.query.filter((q) => q.required).map((q) => q.name),
    },
    knownIds,
  );
  const pathValues = fc.array(fc.oneof(fc.constantFrom(...hostileStrings), fc.string({ maxLength: 20 })), {
    minLength: op.pathParams.length,
    maxLength: op.pathParams.length,
  });
  const body = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: objectValue(op.body, knownIds) },
        { weight: 1, arbitrary: hostileValue },
      )
    : fc.constant(undefined);
  const encoding = fc.constantFrom('json', 'json', 'form', 'form', 'junk', 'text', 'none');
  const language = fc.constantFrom(undefined, 'ru', 'en-US', 'xx;q=NaN');
  const junk = fc.constantFrom(...junkBodies);
  return fc
    .tuple(query, pathValues, body, encoding, language, junk)
    .map(([q, params, b, how, lang, junkBody]) => {
      let path = op.path;
      op.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, encodeURIComponent(params[i] ?? ''));
      });
      const search = new URLSearchParams(toPairs(q)).toString();
      const headers: Record<string, string> = lang ? { 'accept-language': lang } : {};
      const request = { method: op.method, url: search ? `${path}?${search}` : path, headers };
      if (op.method === 'GET') return request;
      if (how === 'none' || b === undefined) return request;
      if (how === 'json') {
        return {
          ...request,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: toJsonText(b),
        };
      }
      if (how === 'form') {
        const object =
          b !== null && typeof b === 'object' && !Array.isArray(b) && !(b instanceof RawNumber)
            ? b
            : { value: b };
        return {
          ...request,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(toPairs(object)).toString(),
        };
      }
      if (how === 'text') {
        return { ...request, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' };
      }
      return {
        ...request,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: junkBody,
      };
    });
}
