import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../locales/load-locale';
import { namespaces } from '../locales/namespaces';
import type { LoadedMessages } from '../locales/types';
import { menuDataFrom } from './layout/menu-data';
import { documentTitle, flattenRoutes, isPublicPath, normalizePath, stripBasename } from './route-model';
import { routeTable } from './routes';

const routes = flattenRoutes(routeTable);

/** Every namespace of a language, as the app has it once the signed-in shell has loaded. */
async function catalogue(locale: 'en-US' | 'ru-RU'): Promise<LoadedMessages> {
  const loaded = await Promise.all(namespaces.map((namespace) => loadNamespace(locale, namespace)));
  return Object.assign({}, ...loaded) as LoadedMessages;
}
const en = await catalogue('en-US');
const ru = await catalogue('ru-RU');

describe('route table', () => {
  it('has every route of docs/product.md#screens, and the operator console beside them', () => {
    const portal = routes.filter((route) => route.access !== 'operator').map((route) => route.path);
    expect(
      routes.filter((route) => route.access === 'operator').every((r) => r.path.startsWith('/admin')),
    ).toBe(true);
    expect(portal.sort()).toEqual(
      [
        '/',
        '/dashboard',
        '/neworder',
        '/residential',
        '/proxysetting',
        '/proxysetting/subaccount',
        '/proxysetting/addsub',
        '/proxysetting/editsub',
        '/proxysetting/whitelist',
        '/usage',
        '/recharge',
        '/account/setting',
        '/account/resetpassword',
        '/user',
        '/user/login',
        '/user/register',
        '/user/resetpassword',
        '/user/emailtoreset',
      ].sort(),
    );
  });

  it('has exactly the four public pages of docs/product.md#screens', () => {
    const publicPages = routes
      .filter((route) => route.access === 'public' && route.page)
      .map((route) => route.path);
    expect(publicPages.sort()).toEqual([
      '/user/emailtoreset',
      '/user/login',
      '/user/register',
      '/user/resetpassword',
    ]);
    expect(isPublicPath(routes, '/user/login/')).toBe(true);
    expect(isPublicPath(routes, '/dashboard')).toBe(false);
  });

  it('gives every page a name, a page chunk or a redirect, and both languages a title', () => {
    for (const route of routes) {
      expect(route.page !== undefined || route.redirect !== undefined, route.path).toBe(true);
      if (route.page) {
        expect(route.name, route.path).toBeDefined();
        if (route.name) {
          expect(en[route.name]).toBeTruthy();
          expect(ru[route.name]).toBeTruthy();
        }
      }
    }
  });

  it('builds the product menu: dashboard, neworder, residential, proxysetting (subaccount, whitelist), usage', () => {
    const menu = menuDataFrom(routeTable, (id) => en[id] ?? id, false);
    const visible = menu.filter((item) => !item.hideInMenu);
    expect(visible.map((item) => item.path)).toEqual([
      '/dashboard',
      '/neworder',
      '/residential',
      '/proxysetting',
      '/usage',
    ]);
    const proxy = visible.find((item) => item.path === '/proxysetting');
    expect(proxy?.children?.filter((item) => !item.hideInMenu).map((item) => item.path)).toEqual([
      '/proxysetting/subaccount',
      '/proxysetting/whitelist',
    ]);
    const addSub = proxy?.children?.find((item) => item.path === '/proxysetting/addsub');
    expect(addSub?.parentKeys).toEqual(['/proxysetting/subaccount']);
    expect(menu.some((item) => item.path?.startsWith('/user'))).toBe(false);
  });

  it("adds the operator console's entries for operators only", () => {
    const visible = (canSeeAdmin: boolean) =>
      menuDataFrom(routeTable, (id) => en[id] ?? id, canSeeAdmin).filter((item) => !item.hideInMenu);
    expect(visible(false).some((item) => item.path === '/admin')).toBe(false);
    const admin = visible(true).find((item) => item.path === '/admin');
    expect(admin?.children?.filter((item) => !item.hideInMenu).map((item) => item.path)).toEqual([
      '/admin/overview',
      '/admin/customers',
      '/admin/orders',
      '/admin/payments',
      '/admin/catalogue',
      '/admin/exits',
      '/admin/audit',
    ]);
    expect(admin?.children?.find((item) => item.path === '/admin/customer')?.parentKeys).toEqual([
      '/admin/customers',
    ]);
  });

  it('titles pages "<menu name> - <product>"', () => {
    expect(documentTitle(en['menu.usage'], 'Resiport')).toBe('Usage - Resiport');
    expect(documentTitle(undefined, 'Resiport')).toBe('Resiport');
  });

  it('normalizes paths and strips the basename', () => {
    expect(normalizePath('/usage/')).toBe('/usage');
    expect(normalizePath('/')).toBe('/');
    expect(stripBasename('/client/usage', '/client')).toBe('/usage');
    expect(stripBasename('/client', '/client')).toBe('/');
    expect(stripBasename('/clientele', '/client')).toBe('/clientele');
  });
});
