/**
 * The fields of `next` that differ from `current`, before and after, for an audit row that shows
 * just what an action changed; undefined when nothing did. Values compare by their text, so a
 * bigint, a Date and a null compare as the audit log would show them.
 */
export function changedFields<T extends Record<string, unknown>>(
  current: T,
  next: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | undefined {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    const value = next[key];
    if (value === undefined || textOf(value) === textOf(current[key])) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return Object.keys(after).length === 0 ? undefined : { before, after };
}

function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value === undefined ? 'null' : JSON.stringify(value);
}
