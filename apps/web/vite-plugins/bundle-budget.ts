import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { publicNamespaces, signedInNamespaces, type Namespace } from '../src/locales/namespaces.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A route's first load: the entry plus these dynamic entries (source paths relative to apps/web). */
interface Budget {
  name: string;
  maxKbGzip: number;
  dynamicEntries: string[];
}

/** The English namespace chunks (locales/load-locale.ts); Russian ones are the same split. */
const messages = (list: readonly Namespace[]) => list.map((namespace) => `src/locales/en-US/${namespace}.ts`);

/**
 * Issue budget: the sign-in page ≤ 300 KB gzip of JS, the signed-in shell (dashboard) ≤ 600 KB. Each
 * counts the texts it loads: the public namespaces before the first paint, the shell all of them.
 */
const budgets: Budget[] = [
  {
    name: 'sign-in page',
    maxKbGzip: 300,
    dynamicEntries: [
      ...messages(publicNamespaces),
      'src/app/layout/public-layout.tsx',
      'src/pages/login/index.tsx',
    ],
  },
  {
    name: 'signed-in shell',
    maxKbGzip: 600,
    dynamicEntries: [
      ...messages(publicNamespaces),
      ...messages(signedInNamespaces),
      'src/app/layout/main-layout.tsx',
      'src/pages/dashboard/index.tsx',
    ],
  },
];

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** Every chunk a set of entry chunks loads statically, entries included. */
function closure(roots: OutputChunk[], byFile: Map<string, OutputChunk>): Set<OutputChunk> {
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  roots.forEach(visit);
  return seen;
}

/** Fails the production build when a route's first load outgrows its budget, and prints the sizes. */
export function bundleBudget(): Plugin {
  return {
    name: 'resiport:bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      for (const budget of budgets) {
        const roots = budget.dynamicEntries.map((source) => {
          const found = chunks.find((chunk) =>
            chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`apps/web/${source}`),
          );
          if (!found) this.error(`bundle budget: no chunk for ${source}`);
          return found;
        });
        const loaded = closure([entry, ...roots], byFile);
        const bytes = [...loaded].reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0);
        const kb = bytes / 1024;
        this.info(
          `${budget.name}: ${kb.toFixed(1)} KB gzip of JS in ${loaded.size} chunks (budget ${budget.maxKbGzip} KB)`,
        );
        if (kb > budget.maxKbGzip) {
          this.error(`${budget.name} loads ${kb.toFixed(1)} KB gzip, over its ${budget.maxKbGzip} KB budget`);
        }
      }
    },
  };
}
