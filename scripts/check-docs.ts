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
 *   (the patterns are `forbiddenReferences` below): what they said is in docs/product.md and
 *   docs/architecture.md now;
 * - an environment variable read by apps/server/src/config.ts or apps/gateway/src/config.ts is missing
 *   from its example file or from its documentation table, or an example file names a variable no
 *   configuration reads.
 *
 * Dependency-free on purpose (node:fs, node:path, `git ls-files`), and fast: one pass over the files.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** The files this check reads: tracked by git, or (outside a repository, e.g. a test fixture) every file. */
export function listFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out
      .split('\0')
      .filter((f) => f !== '' && existsSync(path.join(root, f)))
      .sort();
  } catch {
    return walk(root, '').sort();
  }
}

function walk(root: string, dir: string): string[] {
  const skip = new Set(['node_modules', '.git', 'dist', 'data']);
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : walk(root, rel);
    return entry.isFile() ? [rel] : [];
  });
}

/** The docs whose links, paths and npm scripts are checked. */
export function isCheckedDoc(file: string): boolean {
  return (
    file === 'README.md' ||
    file === 'CONTRIBUTING.md' ||
    /^docs\/.+\.md$/.test(file) ||
    /^apps\/[^/]+\/README\.md$/.test(file)
  );
}

const textExtensions =
  /\.(ts|tsx|js|mjs|cjs|md|sh|ya?ml|json|css|html|example|conf|txt)$|(^|\/)(Dockerfile|\.env\.example|run)$/;
const ignoredFiles = new Set(['package-lock.json']);
/** This check and its test spell the patterns they look for. */
const selfFiles = new Set(['scripts/check-docs.ts', 'scripts/check-docs.unit.test.ts']);

/** Line number (1-based) of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

// ---------------------------------------------------------------------------------------------------
// Anchors

/** GitHub's heading slug: lower case, punctuation dropped (but `-` and `_`), spaces to `-`. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images keep their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor a markdown text offers: heading slugs (duplicates numbered as GitHub does) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] !== undefined) {
      const slug = githubSlug(heading[1]);
      const count = seen.get(slug) ?? 0;
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      seen.set(slug, count + 1);
    }
    for (const m of line.matchAll(/\b(?:id|name)\s*=\s*["']([^"']+)["']/g)) if (m[1]) anchors.add(m[1]);
  }
  return anchors;
}

// ---------------------------------------------------------------------------------------------------
// The check

interface Repo {
  root: string;
  files: string[];
  fileSet: Set<string>;
  dirSet: Set<string>;
  read: (file: string) => string;
  anchors: (file: string) => Set<string>;
  ignored: (rel: string) => boolean;
}

function openRepo(root: string, files: string[]): Repo {
  const fileSet = new Set(files);
  const dirSet = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) dirSet.add(parts.slice(0, i).join('/'));
  }
  const texts = new Map<string, string>();
  const read = (file: string): string => {
    let text = texts.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(root, file), 'utf8');
      texts.set(file, text);
    }
    return text;
  };
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string): Set<string> => {
    let set = anchorCache.get(file);
    if (set === undefined) {
      set = anchorsOf(read(file));
      anchorCache.set(file, set);
    }
    return set;
  };
  const ignored = ignoredBy(fileSet.has('.gitignore') ? read('.gitignore') : '');
  return { root, files, fileSet, dirSet, read, anchors, ignored };
}

/** Root .gitignore patterns (simple ones: names, `dir/`, `a/b/`, `*.ext`): build outputs are real targets. */
function ignoredBy(gitignore: string): (rel: string) => boolean {
  const patterns = gitignore
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'))
    .map((l) => l.replace(/^\//, '').replace(/\/$/, ''));
  return (rel) =>
    patterns.some((p) => {
      if (p.startsWith('*.')) return rel.endsWith(p.slice(1));
      if (p.includes('/')) return rel === p || rel.startsWith(`${p}/`);
      return rel.split('/').includes(p);
    });
}

function exists(repo: Repo, rel: string): boolean {
  const clean = rel.replace(/\/+$/, '');
  if (clean === '' || clean === '.') return true;
  if (repo.ignored(clean)) return true;
  if (repo.fileSet.has(clean) || repo.dirSet.has(clean)) return true;
  // Untracked but present (e.g. a generated file): still a real target.
  return existsSync(path.join(repo.root, clean));
}

/** `docs/x.md#a` relative to the repository root; problems when the file or the anchor is missing. */
function checkTarget(repo: Repo, target: string, anchor: string | undefined): string | undefined {
  if (target.startsWith('..') || path.isAbsolute(target)) return `points outside the repository: ${target}`;
  if (!exists(repo, target)) return `no such file: ${target}`;
  if (anchor === undefined || anchor === '') return undefined;
  if (!target.endsWith('.md') || !repo.fileSet.has(target)) return undefined;
  if (!repo.anchors(target).has(anchor)) return `no anchor #${anchor} in ${target}`;
  return undefined;
}

/** Strips fenced code blocks (keeping line count) so links inside examples are not followed. */
function withoutFences(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

const pathExtensions = /\.(ts|tsx|js|mjs|cjs|md|json|sh|ya?ml|css|html|example|sql|conf)$/;

function checkDoc(repo: Repo, file: string, scripts: ScriptIndex): Problem[] {
  const problems: Problem[] = [];
  const text = repo.read(file);
  const prose = withoutFences(text);
  const dir = path.posix.dirname(file);
  const topLevel = new Set(repo.files.map((f) => f.split('/')[0] ?? '').filter((s) => repo.dirSet.has(s)));

  for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const raw = m[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) continue; // http:, mailto:, …
    const [target = '', anchor] = raw.split('#', 2);
    const rel = target === '' ? file : path.posix.normalize(path.posix.join(dir, decodeURI(target)));
    const problem = checkTarget(repo, rel, anchor);
    if (problem) problems.push({ file, line: lineAt(prose, m.index), message: `link ${raw}: ${problem}` });
  }

  for (const m of prose.matchAll(/`([^`\s]+)`/g)) {
    const raw = (m[1] ?? '').replace(/[.,;:]+$/, '');
    if (!/^[\w@.-]+(\/[\w@.-]+)+\/?$/.test(raw) || raw.startsWith('.')) continue;
    const [first = ''] = raw.split('/');
    const line = lineAt(prose, m.index);
    if (topLevel.has(first)) {
      if (!exists(repo, raw)) problems.push({ file, line, message: `no such path: ${raw}` });
    } else if (pathExtensions.test(raw)) {
      // A path relative to a workspace or a folder (`lib/format.ts`): some tracked file must end with it.
      const local = path.posix.join(dir, raw);
      const found = exists(repo, local) || repo.files.some((f) => f === raw || f.endsWith(`/${raw}`));
      if (!found) problems.push({ file, line, message: `no file ends with: ${raw}` });
    }
  }

  for (const m of text.matchAll(/npm run ([\w:.-]+)((?:\s+(?:-w|--workspace)(?:\s+|=)[@\w/.-]+)?)/g)) {
    const script = m[1] ?? '';
    const workspace = /(?:-w|--workspace)(?:\s+|=)([@\w/.-]+)/.exec(m[2] ?? '')?.[1];
    const problem = scripts.check(script, workspace);
    if (problem) problems.push({ file, line: lineAt(text, m.index), message: problem });
  }
  return problems;
}

interface ScriptIndex {
  check: (script: string, workspace: string | undefined) => string | undefined;
}

function scriptIndex(repo: Repo): ScriptIndex {
  const byName = new Map<string, { file: string; scripts: Set<string> }>();
  for (const f of repo.files.filter((x) => x === 'package.json' || x.endsWith('/package.json'))) {
    if (f.includes('node_modules/')) continue;
    try {
      const pkg = JSON.parse(repo.read(f)) as { name?: string; scripts?: Record<string, string> };
      const entry = { file: f, scripts: new Set(Object.keys(pkg.scripts ?? {})) };
      if (f === 'package.json') byName.set('', entry);
      if (pkg.name) byName.set(pkg.name, entry);
      byName.set(path.posix.dirname(f), entry);
    } catch {
      // An unreadable package.json is npm's problem to report.
    }
  }
  return {
    check(script, workspace) {
      const entry = byName.get(workspace ?? '');
      if (!entry) return `npm run ${script}: no workspace ${workspace ?? '(root)'}`;
      if (!entry.scripts.has(script)) return `npm run ${script}: not a script of ${entry.file}`;
      return undefined;
    },
  };
}

/** References to documents outside the repository, by section or tracker number. */
export const forbiddenReferences: { pattern: RegExp; what: string }[] = [
  {
    pattern: /\b(?:spec|design)(?:\s|\*|\/\/|#)*§/gi,
    what: 'a section of the old specification or design; link docs/product.md or docs/architecture.md',
  },
  { pattern: /(?<!RFC \d{3,5} )§\s?\d/g, what: 'a numbered section of an outside document' },
  { pattern: /\b[Ii]ssue[- ]#?\d+\b/g, what: 'a tracker issue number; say what it was about or link a doc' },
  { pattern: /\b(?:spec|design|integrations)\.md\b/g, what: 'a document that is not in the repository' },
  { pattern: /\b[\w]+-anchors\b/g, what: 'a document that is not in the repository' },
];

function checkReferences(repo: Repo, file: string): Problem[] {
  const problems: Problem[] = [];
  const text = repo.read(file);
  if (!selfFiles.has(file)) {
    for (const { pattern, what } of forbiddenReferences) {
      for (const m of text.matchAll(pattern)) {
        problems.push({ file, line: lineAt(text, m.index), message: `"${m[0].trim()}": ${what}` });
      }
    }
  }
  if (!selfFiles.has(file) && (!file.endsWith('.md') || !isCheckedDoc(file))) {
    for (const m of text.matchAll(/(?<![\w/.-])(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g)) {
      const problem = checkTarget(repo, m[1] ?? '', m[2]);
      if (problem) problems.push({ file, line: lineAt(text, m.index), message: `${m[0]}: ${problem}` });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Environment variables

/**
 * Variables a configuration module reads: its schema's keys, spread field sets and `env.X` reads. A key
 * whose schema is `z.undefined(…)` is a retired name kept only to refuse it, so it is not counted.
 */
export function envVarsRead(
  repo: { read: (file: string) => string },
  file: string,
  spreads: string[],
): string[] {
  const text = [file, ...spreads].map((f) => repo.read(f)).join('\n');
  const vars = new Set<string>();
  const keys = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]*[A-Z0-9]):/gm)];
  keys.forEach((m, i) => {
    const body = text.slice(m.index, keys[i + 1]?.index ?? text.length);
    if (!/\bz\.undefined\(/.test(body.split(/^\s*\}\);?$/m)[0] ?? body)) vars.add(m[1] ?? '');
  });
  for (const m of text.matchAll(/\b(?:env|source|process\.env)\.([A-Z][A-Z0-9_]*[A-Z0-9])\b/g)) {
    vars.add(m[1] ?? '');
  }
  for (const m of text.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) vars.add(m[1] ?? '');
  vars.delete('');
  return [...vars].sort();
}

/** `KEY=` lines of an example env file, with their line numbers. */
export function envExampleVars(text: string): Map<string, number> {
  const vars = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    const m = /^\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (m?.[1] && !vars.has(m[1])) vars.set(m[1], i + 1);
  });
  return vars;
}

/** Variables named in backticks on markdown table rows. */
function tableVars(text: string): Set<string> {
  const vars = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.trimStart().startsWith('|')) continue;
    for (const m of line.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (m[1]) vars.add(m[1]);
  }
  return vars;
}

function checkEnv(repo: Repo): Problem[] {
  const problems: Problem[] = [];
  const has = (f: string) => repo.fileSet.has(f);
  const optional = (f: string) => (has(f) ? repo.read(f) : '');
  const logFields = 'packages/logging/src/log-env.ts';
  const spreadsOf = (config: string) =>
    has(logFields) && repo.read(config).includes('...logEnvFields') ? [logFields] : [];

  const serverConfig = 'apps/server/src/config.ts';
  const gatewayConfig = 'apps/gateway/src/config.ts';
  const serverVars = has(serverConfig) ? envVarsRead(repo, serverConfig, spreadsOf(serverConfig)) : [];
  const gatewayVars = has(gatewayConfig) ? envVarsRead(repo, gatewayConfig, spreadsOf(gatewayConfig)) : [];

  const rootExample = envExampleVars(optional('.env.example'));
  const gatewayExample = envExampleVars(optional('apps/gateway/gateway.env.example'));
  const readme = tableVars(optional('README.md'));
  const gatewayReadme = tableVars(optional('apps/gateway/README.md'));
  const compose = optional('compose.yaml');
  const composeVars = new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? ''));

  for (const v of serverVars) {
    if (!rootExample.has(v)) {
      problems.push({ file: serverConfig, line: 1, message: `${v} is read but not in .env.example` });
    }
    if (!readme.has(v)) {
      problems.push({
        file: serverConfig,
        line: 1,
        message: `${v} is read but not in README.md's configuration table`,
      });
    }
  }
  for (const v of gatewayVars) {
    if (!gatewayExample.has(v) && !rootExample.has(v)) {
      problems.push({
        file: gatewayConfig,
        line: 1,
        message: `${v} is read but not in apps/gateway/gateway.env.example`,
      });
    }
    if (!gatewayReadme.has(v) && !readme.has(v)) {
      problems.push({
        file: gatewayConfig,
        line: 1,
        message: `${v} is read but not in the configuration table of README.md or apps/gateway/README.md`,
      });
    }
  }
  const readByAny = new Set([...serverVars, ...gatewayVars, ...composeVars]);
  for (const [v, line] of rootExample) {
    if (!readByAny.has(v)) {
      problems.push({ file: '.env.example', line, message: `${v} is not read by any configuration` });
    }
  }
  const gatewayRead = new Set(gatewayVars);
  for (const [v, line] of gatewayExample) {
    if (!gatewayRead.has(v)) {
      problems.push({
        file: 'apps/gateway/gateway.env.example',
        line,
        message: `${v} is not read by the gateway`,
      });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------

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
