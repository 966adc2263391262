import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Prints which server modules (the folders of apps/server/src/modules) import which, read from the
 * import and export statements of their non-test files, and lists the two-way pairs (A imports B
 * and B imports A) that decision 040 forbids. Exits 1 when there is a two-way pair.
 *
 *   npx tsx scripts/module-deps.ts
 */
const modulesDir = path.resolve(import.meta.dirname, '../apps/server/src/modules');

/** Test files and their helpers may wire any modules together; they do not count. */
const isTestFile = (file: string) => /\.test(-[\w-]+)?\.ts$|\.test\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !isTestFile(entry.name) ? [full] : [];
  });
}

/** The module a file belongs to, or undefined when it lies outside apps/server/src/modules. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

/** module → the modules it imports, each with one file that shows it. */
const edges = new Map<string, Map<string, string>>();
for (const file of sourceFiles(modulesDir)) {
  const from = moduleOf(file);
  if (from === undefined) continue;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const to = moduleOf(path.resolve(path.dirname(file), fileName));
    if (to === undefined || to === from) continue;
    const targets = edges.get(from) ?? new Map<string, string>();
    if (!targets.has(to)) targets.set(to, path.relative(modulesDir, file));
    edges.set(from, targets);
  }
}

console.log('Module dependencies (non-test files):');
for (const from of [...edges.keys()].sort()) {
  console.log(`  ${from} → ${[...(edges.get(from)?.keys() ?? [])].sort().join(', ')}`);
}

const twoWay: string[] = [];
for (const [a, targets] of edges) {
  for (const [b, viaA] of targets) {
    const viaB = edges.get(b)?.get(a);
    if (a < b && viaB !== undefined) twoWay.push(`  ${a} ⇄ ${b}   (${viaA} · ${viaB})`);
  }
}
const pairCount = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(`\n${pairCount} dependency pairs; ${twoWay.length} two-way:`);
console.log(twoWay.sort().join('\n') || '  none');
process.exitCode = twoWay.length > 0 ? 1 : 0;
