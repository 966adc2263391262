import { describe, expect, it } from 'vitest';
import {
  decryptProxyPassword,
  encryptProxyPassword,
  generateProxyPassword,
  proxyPasswordKeyFrom,
} from './proxy-password';

describe('proxy passwords at rest', () => {
  const key = proxyPasswordKeyFrom('a-test-secret-of-at-least-32-characters');

  it('round-trips, with a fresh IV every time, and never stores the password in the clear', () => {
    const a = encryptProxyPassword(key, 'Pr0xy-pass.word~');
    const b = encryptProxyPassword(key, 'Pr0xy-pass.word~');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Pr0xy');
    expect(decryptProxyPassword(key, a)).toBe('Pr0xy-pass.word~');
    expect(decryptProxyPassword(key, b)).toBe('Pr0xy-pass.word~');
  });

  it('refuses a tampered value or another key', () => {
    const stored = encryptProxyPassword(key, 'secret123');
    const parts = stored.split('.');
    const flipped = [...parts.slice(0, 3), Buffer.from('x' + (parts[3] ?? '')).toString('base64url')].join(
      '.',
    );
    expect(() => decryptProxyPassword(key, flipped)).toThrow();
    expect(() =>
      decryptProxyPassword(proxyPasswordKeyFrom('another-secret-of-at-least-32-chars!!'), stored),
    ).toThrow();
    expect(() => decryptProxyPassword(key, 'plain')).toThrow();
  });

  it('generates 16 letters and digits, different every time', () => {
    const passwords = Array.from({ length: 200 }, () => generateProxyPassword());
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(new Set(passwords).size).toBe(200);
  });
});
