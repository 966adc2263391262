/**
 * `npm run check:docs`: the repository's references resolve. Every check takes the repository root, so
 * the unit test runs it on small fixtures (scripts/check-docs.unit.test.ts). It fails (exit 1) listing
 * each problem as `file:line: message` when:
 *
 * - a relative markdown link, or a backticked repository path, in README.md, CONTRIBUTING.md,
 *   docs/**\/*.md or apps/*\/README.md names a file that does not exist;
 * - a link to `*.md#anchor` (or `#anchor` in the same file) names an anchor the target does not have
 *   (GitHub heading slugs, plus explicit `<a id>` / `id="…"` anchors);
 * - those docs mention `npm run <script>` that is not a script of the root package.json (or, with
 *   `-w <workspace>`, of that workspace);
 * - any tracked file mentions `docs/….md#anchor` that does not resolve;
 * - any tracked file refers to a section of the old outside documents or to a tracker issue number
 *   (the patterns are `forbiddenReferences` in check-docs/references.ts): what they said is in docs/product.md and
 *   docs/architecture.md now;
 * - an environment variable read by apps/server/src/config.ts or apps/gateway/src/config.ts is missing
 *   from its example file or from its documentation table, or an example file names a variable no
 *   configuration reads.
 *
 * Dependency-free on purpose (node:fs, node:path, `git ls-files`), and fast: one pass over the files.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { checkDoc, scriptIndex } from './check-docs/doc-links';
import { checkEnv } from './check-docs/env-vars';
import { checkReferences } from './check-docs/references';
import {
  ignoredFiles,
  isCheckedDoc,
  listFiles,
  openRepo,
  textExtensions,
  type Problem,
} from './check-docs/repo';

export { anchorsOf, githubSlug } from './check-docs/anchors';
export type { Problem } from './check-docs/repo';

/** Every problem under `root`, sorted by file and line. `files` defaults to the tracked files. */
export function checkDocs(root: string, files: string[] = listFiles(root)): Problem[] {
  const repo = openRepo(root, files);
  const scripts = scriptIndex(repo);
  const problems: Problem[] = [];
  for (const file of files) {
    if (ignoredFiles.has(path.posix.basename(file)) || !textExtensions.test(file)) continue;
    if (file.includes('node_modules/')) continue;
    if (statSync(path.join(root, file)).size > 2_000_000) continue;
    if (isCheckedDoc(file)) problems.push(...checkDoc(repo, file, scripts));
    problems.push(...checkReferences(repo, file));
  }
  problems.push(...checkEnv(repo));
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}: ${p.message}`;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const problems = checkDocs(root);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length > 0) {
    console.error(`check:docs: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('check:docs: every reference resolves');
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main();
}
