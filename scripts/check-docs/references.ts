import { checkTarget } from './doc-links';
import { isCheckedDoc, isSelfFile, lineAt, type Problem, type Repo } from './repo';

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

export function checkReferences(repo: Repo, file: string): Problem[] {
  const problems: Problem[] = [];
  const text = repo.read(file);
  if (!isSelfFile(file)) {
    for (const { pattern, what } of forbiddenReferences) {
      for (const m of text.matchAll(pattern)) {
        problems.push({ file, line: lineAt(text, m.index), message: `"${m[0].trim()}": ${what}` });
      }
    }
  }
  if (!isSelfFile(file) && (!file.endsWith('.md') || !isCheckedDoc(file))) {
    for (const m of text.matchAll(/(?<![\w/.-])(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g)) {
      const problem = checkTarget(repo, m[1] ?? '', m[2]);
      if (problem) problems.push({ file, line: lineAt(text, m.index), message: `${m[0]}: ${problem}` });
    }
  }
  return problems;
}
