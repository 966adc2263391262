import { describe, expect, it } from 'vitest';
import { controlCharacterField } from './input-hygiene';

describe('controlCharacterField', () => {
  it('names the first field holding a C0 or C1 control character or DEL', () => {
    for (const char of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001f', '\u007f', '\u0080', '\u009f']) {
      expect(controlCharacterField({ search: `a${char}b` }), JSON.stringify(char)).toBe('search');
    }
    expect(controlCharacterField({ a: 'ok', b: { c: ['ok', 'x\u0000'] } })).toBe('b.c.1');
    expect(controlCharacterField('\u0000')).toBe('_');
    expect(controlCharacterField({ 'bad\u0000key': 'ok' })).toBe('_');
  });

  it('lets ordinary and unicode text, numbers and empty values through', () => {
    expect(controlCharacterField({ a: 'Привет 👋 ü ½ \u00a0 \u2028', b: 1, c: null, d: [], e: {} })).toBe(
      undefined,
    );
    expect(controlCharacterField(undefined)).toBe(undefined);
  });
});
