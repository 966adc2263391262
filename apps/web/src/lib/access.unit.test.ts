import { describe, expect, it } from 'vitest';
import { accessOf } from './access';

describe('accessOf', () => {
  it('lets an access name other than dontHaveAccess see the admin area (docs/product.md#can-see-admin)', () => {
    expect(accessOf({ access: { name: 'operator' } }).canSeeAdmin).toBe(true);
    expect(accessOf({ access: { name: 'dontHaveAccess' } }).canSeeAdmin).toBe(false);
    expect(accessOf(null).canSeeAdmin).toBe(false);
  });

  it('makes a user whose access object has no name (or no access object) a non-admin', () => {
    expect(accessOf({ access: {} }).canSeeAdmin).toBe(false);
    expect(accessOf({}).canSeeAdmin).toBe(false);
    expect(accessOf({ access: { name: '' } }).canSeeAdmin).toBe(false);
  });
});
