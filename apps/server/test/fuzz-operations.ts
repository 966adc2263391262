/**
 * The fuzz suite's view of the public OpenAPI document (src/fuzz.test.ts): each operation's method,
 * path and the JSON schemas of its parameters and body, which fuzz-requests.ts draws values from.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  maxItems?: number;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

export interface Operation {
  method: 'GET' | 'POST';
  /** The OpenAPI path, `{name}` for path params. */
  path: string;
  query: { name: string; required: boolean; schema: JsonSchema }[];
  pathParams: string[];
  body: JsonSchema | undefined;
  secured: boolean;
}

export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema })),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        body: op.requestBody?.content['application/json']?.schema,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return operations;
}
