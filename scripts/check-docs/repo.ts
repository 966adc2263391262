import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { anchorsOf } from './anchors';

/** The repository as the docs check reads it: its files, their texts and anchors, what .gitignore makes real. */

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

export const textExtensions =
  /\.(ts|tsx|js|mjs|cjs|md|sh|ya?ml|json|css|html|example|conf|txt)$|(^|\/)(Dockerfile|\.env\.example|run)$/;
export const ignoredFiles = new Set(['package-lock.json']);
/** This check and its test spell the patterns they look for. */
export function isSelfFile(file: string): boolean {
  return file.startsWith('scripts/check-docs');
}

/** Line number (1-based) of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export interface Repo {
  root: string;
  files: string[];
  fileSet: Set<string>;
  dirSet: Set<string>;
  read: (file: string) => string;
  anchors: (file: string) => Set<string>;
  ignored: (rel: string) => boolean;
}

export function openRepo(root: string, files: string[]): Repo {
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

export function exists(repo: Repo, rel: string): boolean {
  const clean = rel.replace(/\/+$/, '');
  if (clean === '' || clean === '.') return true;
  if (repo.ignored(clean)) return true;
  if (repo.fileSet.has(clean) || repo.dirSet.has(clean)) return true;
  // Untracked but present (e.g. a generated file): still a real target.
  return existsSync(path.join(repo.root, clean));
}
