import { describe, expect, it } from 'vitest';
import { signInTarget } from './sign-in-target';

describe('signInTarget', () => {
  it('prefers a local redirect, then the pending navigation, then the root', () => {
    expect(signInTarget('/usage?x=1', { path: '/recharge', search: '' })).toBe('/usage?x=1');
    expect(signInTarget('https://evil.example', { path: '/recharge', search: '?a=1' })).toBe('/recharge?a=1');
    expect(signInTarget(null, null)).toBe('/');
  });
});
