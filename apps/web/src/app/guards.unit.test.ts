import { describe, expect, it } from 'vitest';
import { decideNavigation } from './guards';
import { findRoute, flattenRoutes } from './route-model';
import { routeTable } from './routes';

const routes = flattenRoutes(routeTable);
const decide = (pathname: string, signedIn: boolean, search = '') =>
  decideNavigation(findRoute(routes, pathname), { pathname, search }, signedIn);

describe('navigation guards (docs/product.md#navigation-rules)', () => {
  it('sends a signed-out visitor on a private page to sign-in, keeping the query and the destination', () => {
    expect(decide('/usage', false, '?page=2')).toEqual({
      kind: 'redirect',
      to: '/user/login?page=2',
      remember: { path: '/usage', search: '?page=2' },
    });
  });

  it('sends a signed-out visitor on a console page to sign-in (the loader then checks the operator)', () => {
    expect(decide('/admin/customers', false)).toMatchObject({ kind: 'redirect', to: '/user/login' });
    expect(decide('/admin', true)).toEqual({ kind: 'redirect', to: '/admin/overview' });
  });

  it('treats unknown paths as private', () => {
    expect(decide('/nope', false)).toMatchObject({ kind: 'redirect', to: '/user/login' });
    expect(decide('/nope', true)).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user on a public page to the root', () => {
    for (const path of ['/user/login', '/user/register', '/user/resetpassword', '/user/emailtoreset']) {
      expect(decide(path, true)).toEqual({ kind: 'redirect', to: '/' });
      expect(decide(path, false)).toEqual({ kind: 'allow' });
    }
  });

  it('follows the redirect entries first, keeping the query', () => {
    expect(decide('/', true)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('/', false, '?a=1')).toEqual({ kind: 'redirect', to: '/dashboard?a=1' });
    expect(decide('/proxysetting', true)).toEqual({ kind: 'redirect', to: '/proxysetting/subaccount' });
    expect(decide('/user', false)).toEqual({ kind: 'redirect', to: '/user/login' });
    expect(decide('/user/', false)).toEqual({ kind: 'redirect', to: '/user/login' });
  });

  it('lets a signed-in user open private pages', () => {
    expect(decide('/account/setting', true)).toEqual({ kind: 'allow' });
  });
});
