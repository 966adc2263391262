import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { serverRoot, serverTestFiles } from './test-files';

/**
 * The server's tests call the API through the endpoint objects (`t.send(endpoint, input)`, or
 * `apiUrl(endpoint)` for a request on the wire), so a renamed path or a changed schema breaks them
 * at compile time. This guard fails on any hand-written `'/api/…'` literal in them.
 */

/**
 * Files that test the wire itself, with paths no endpoint object has: routes the test registers,
 * unknown paths, the OpenAPI document, prefixes. Even here a literal may not name a call of the
 * contract (that one goes through `apiUrl`).
 */
const WIRE_TESTS: Record<string, string> = {
  // Routes registered by the test itself (/api/test/boom), unknown paths, the OpenAPI UI and JSON.
  'src/app.test.ts': 'error handling, access log and docs on the wire',
  // The OpenAPI document it fuzzes, and the /api/ prefix that picks its operations.
  'src/fuzz.test.ts': 'the fuzzer reads its routes from the OpenAPI document',
  // Unknown paths, the OpenAPI document, and the /api/internal prefix that must stay out of it.
  'src/http-surface.test.ts': 'headers, unknown paths and what the OpenAPI document lists',
  // The /api/admin prefix of the OpenAPI document's operator routes.
  'src/modules/admin/admin-access.test.ts': 'every /api/admin route of the OpenAPI document is guarded',
  // A throwaway app with its own routes (/api/items/:id, /api/boom …) and their route labels.
  'src/modules/metrics/http-metrics.test.ts': 'route labels of routes the test registers',
  // An unknown path's label, and the metrics path itself.
  'src/modules/metrics/metrics.test.ts': 'unknown paths stay out of the route labels',
  // The serializer compiled for a made-up route.
  'src/plugins/response-serializer.unit.test.ts': 'a made-up route for the serializer',
};

const LITERAL = /(['"`])\/api\/([^'"`?$]*)/g;

/** Every path of the contract's endpoints and links, as `/api/…`. */
function contractPaths(): Set<string> {
  const paths = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    const { path, request } = value as { path?: unknown; request?: unknown };
    if (typeof path === 'string' && request) paths.add(`/api${path}`);
    else for (const inner of Object.values(value)) visit(inner, depth + 1);
  };
  for (const exported of Object.values(contract)) visit(exported, 0);
  return paths;
}

describe('server tests call the API through endpoint objects', () => {
  it('finds the contract and the test files', () => {
    expect(contractPaths().has('/api/user/info')).toBe(true);
    expect(serverTestFiles()).toContain('src/ownership.test.ts');
  });

  it("has no hand-written '/api/…' literal outside the wire tests, and none naming a contract call", () => {
    const paths = contractPaths();
    const offences: string[] = [];
    for (const file of serverTestFiles()) {
      if (file === 'test/no-literal-api-paths.unit.test.ts') continue;
      const wire = file in WIRE_TESTS;
      readFileSync(join(serverRoot, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const match of line.matchAll(LITERAL)) {
            const path = `/api/${match[2] ?? ''}`.replace(/\/$/, '');
            if (!wire || paths.has(path)) offences.push(`apps/server/${file}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(offences, 'use t.send(endpoint, …) or apiUrl(endpoint) instead').toEqual([]);
  });

  it('lists only wire tests that exist', () => {
    const files = serverTestFiles();
    for (const file of Object.keys(WIRE_TESTS)) expect(files).toContain(file);
  });
});
