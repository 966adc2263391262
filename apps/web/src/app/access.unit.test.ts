import { describe, expect, it } from 'vitest';
import { accessOf } from './access';
import { signInTarget } from './sign-in-target';

describe('accessOf', () => {
  it('lets an access name other than dontHaveAccess see the admin area (spec §6)', () => {
    expect(accessOf({ access: { name: 'operator' } }).canSeeAdmin).toBe(true);
    expect(accessOf({ access: { name: 'dontHaveAccess' } }).canSeeAdmin).toBe(false);
    expect(accessOf(null).canSeeAdmin).toBe(false);
  });
});

describe('signInTarget', () => {
  it('prefers a local redirect, then the pending navigation, then the root', () => {
    expect(signInTarget('/usage?x=1', { path: '/recharge', search: '' })).toBe('/usage?x=1');
    expect(signInTarget('https://evil.example', { path: '/recharge', search: '?a=1' })).toBe('/recharge?a=1');
    expect(signInTarget(null, null)).toBe('/');
  });
});
