import type { ComponentType } from 'react';
import type { MessageId } from '../locales/types';
import type { MenuIcon } from './layout/menu-icons';

/**
 * Who may open a route (docs/product.md#roles): anyone, a signed-in user, or a signed-in operator (the console,
 * `canSeeAdmin`, docs/product.md#can-see-admin; the server checks every console call itself, this only keeps the screens away).
 */
export type RouteAccess = 'public' | 'private' | 'operator';

export interface PageModule {
  default: ComponentType;
}
export type PageImporter = () => Promise<PageModule>;

/** One entry of the route table (app/routes.tsx). Paths are absolute, relative to /client. */
export interface AppRoute {
  path: string;
  /** Menu name and document title; routes without one are pure redirects. */
  name?: MessageId;
  /** Side menu icon, by name (layout/menu-icons.tsx keeps the SVGs out of the entry chunk). */
  icon?: MenuIcon;
  /** Children inherit their parent's access. */
  access?: RouteAccess;
  /** Listed in the side menu (docs/product.md#menu). */
  menu?: boolean;
  /** For pages that are not menu items: the menu entry to highlight while they are open. */
  activeMenu?: string;
  /** Where this path sends the browser instead of showing a page. */
  redirect?: string;
  page?: PageImporter;
  children?: AppRoute[];
}

export interface FlatRoute {
  path: string;
  name?: MessageId;
  access: RouteAccess;
  menu: boolean;
  redirect?: string;
  page?: PageImporter;
}

/** Every entry with its effective access, parents before children. */
export function flattenRoutes(table: readonly AppRoute[], inherited: RouteAccess = 'private'): FlatRoute[] {
  return table.flatMap((route) => {
    const access = route.access ?? inherited;
    const flat: FlatRoute = { path: route.path, name: route.name, access, menu: route.menu ?? false };
    if (route.redirect !== undefined) flat.redirect = route.redirect;
    if (route.page !== undefined) flat.page = route.page;
    return [flat, ...flattenRoutes(route.children ?? [], access)];
  });
}

/** `/usage/` and `/usage` are one page. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(routes: readonly FlatRoute[], pathname: string): FlatRoute | undefined {
  const path = normalizePath(pathname);
  return routes.find((route) => route.path === path);
}

/** Unknown paths count as private: a signed-out visitor is sent to sign in rather than shown a 404. */
export function isPublicPath(routes: readonly FlatRoute[], pathname: string): boolean {
  return findRoute(routes, pathname)?.access === 'public';
}

/** docs/product.md#overview: the menu name of the current page, then the product's name. */
export function documentTitle(pageName: string | undefined, appName: string): string {
  return pageName ? `${pageName} - ${appName}` : appName;
}

/** Removes the router basename from a browser pathname (`/client/usage` → `/usage`). */
export function stripBasename(pathname: string, basename: string): string {
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}
