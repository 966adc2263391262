import path from 'node:path';
import { exists, lineAt, type Problem, type Repo } from './repo';

/** The docs' links, backticked paths and `npm run` scripts. */

/** `docs/x.md#a` relative to the repository root; problems when the file or the anchor is missing. */
export function checkTarget(repo: Repo, target: string, anchor: string | undefined): string | undefined {
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

export function checkDoc(repo: Repo, file: string, scripts: ScriptIndex): Problem[] {
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

export interface ScriptIndex {
  check: (script: string, workspace: string | undefined) => string | undefined;
}

export function scriptIndex(repo: Repo): ScriptIndex {
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
