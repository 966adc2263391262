import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webLocales } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../app/route-model';
import { routeTable } from '../app/routes';
import { loadNamespace } from './load-locale';
import {
  namespaces,
  operatorNamespaces,
  publicNamespaces,
  signedInNamespaces,
  type Namespace,
} from './namespaces';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Namespace → its English ids. */
const englishIds = new Map<Namespace, string[]>(
  await Promise.all(
    namespaces.map(
      async (namespace) => [namespace, Object.keys(await loadNamespace('en-US', namespace))] as const,
    ),
  ),
);
const namespaceOfId = new Map(
  [...englishIds].flatMap(([namespace, ids]) => ids.map((id) => [id, namespace] as const)),
);
const isPublicId = (id: string) => {
  const namespace = namespaceOfId.get(id);
  return namespace !== undefined && publicNamespaces.includes(namespace);
};

/** Relative modules a file imports for their code (`import type` brings no code, so no texts). */
function codeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^import\s+(?!type\s)[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)';/gm)].map(
    (m) => m[1],
  );
  return specifiers.flatMap((specifier) => {
    const base = join(dirname(file), specifier ?? '');
    const found = ['.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((path) => existsSync(path));
    return found ? [found] : [];
  });
}

/** Every source file the given files load statically (what comes with their chunks). */
function staticClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    codeImports(file).forEach(visit);
  };
  entries.map((entry) => join(src, entry)).forEach(visit);
  return [...seen];
}

describe('message namespaces', () => {
  it('gives every language every namespace with the English ids', async () => {
    for (const locale of webLocales) {
      for (const namespace of namespaces) {
        const ids = Object.keys(await loadNamespace(locale, namespace)).sort();
        expect(ids, `${locale} ${namespace}`).toEqual([...(englishIds.get(namespace) ?? [])].sort());
      }
    }
  });

  it('defines each id in one namespace only (merging would silently keep one of them)', () => {
    const all = [...englishIds.values()].flat();
    expect(all.length).toBe(namespaceOfId.size);
  });

  it('loads auth and common before the first paint, the console texts with its pages, the rest with the shell', () => {
    expect([...publicNamespaces].sort()).toEqual(['auth', 'common']);
    expect([...operatorNamespaces].sort()).toEqual(['admin', 'catalogue', 'customers', 'exits', 'payments']);
    expect([...publicNamespaces, ...signedInNamespaces, ...operatorNamespaces].sort()).toEqual(
      [...namespaces].sort(),
    );
  });

  it('titles the public pages with ids loaded before the first paint', () => {
    const publicPages = flattenRoutes(routeTable).filter((route) => route.access === 'public' && route.page);
    expect(publicPages.length).toBeGreaterThan(0);
    for (const route of publicPages) expect(route.name && isPublicId(route.name), route.path).toBe(true);
  });

  it('shows only ids loaded before the first paint on the public pages, their frame and the error screens', () => {
    // The entry chunk and the public routes' chunks. routes.tsx is left out: its names are page titles,
    // shown only on their own page (checked above for the public ones).
    const files = staticClosure([
      'main.tsx',
      'app/layout/public-layout.tsx',
      'pages/login/index.tsx',
      'pages/register/index.tsx',
      'pages/reset-password/index.tsx',
      'pages/email-to-reset/index.tsx',
    ]).filter((file) => !file.endsWith(join('app', 'routes.tsx')));
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"]([\w.-]+)['"]/g)]
        .map((m) => m[1] ?? '')
        .filter((literal) => namespaceOfId.has(literal) && !isPublicId(literal))
        .map((id) => `${relative(src, file)}: ${id} (${namespaceOfId.get(id)})`),
    );
    expect(offending).toEqual([]);
  });
});
