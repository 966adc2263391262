import { describe, expect, it } from 'vitest';
import { ResultCode } from './result-codes';

/** Codes that name one outcome in several ways on purpose (10013 signs the client out). */
const SHARED = new Set<number>([10013]);

describe('result codes', () => {
  it('gives every outcome its own number, apart from the deliberate 10013', () => {
    const byCode = new Map<number, string[]>();
    for (const [name, code] of Object.entries(ResultCode)) {
      byCode.set(code, [...(byCode.get(code) ?? []), name]);
    }
    const clashes = [...byCode].filter(([code, names]) => names.length > 1 && !SHARED.has(code));
    expect(clashes).toEqual([]);
  });
});
