import type { account } from './en-US/account';
import type { alerts } from './en-US/alerts';
import type { admin } from './en-US/admin';
import type { catalogue } from './en-US/catalogue';
import type { customers } from './en-US/customers';
import type { exits } from './en-US/exits';
import type { payments } from './en-US/payments';
import type { auth } from './en-US/auth';
import type { common } from './en-US/common';
import type { dashboard } from './en-US/dashboard';
import type { generator } from './en-US/generator';
import type { layout } from './en-US/layout';
import type { menu } from './en-US/menu';
import type { orders } from './en-US/orders';
import type { proxy } from './en-US/proxy';
import type { recharge } from './en-US/recharge';
import type { receipts } from './en-US/receipts';
import type { usage } from './en-US/usage';

/**
 * The English message namespaces, the reference every language is typed against. Types only: the
 * texts themselves are loaded per language and namespace by load-locale.ts.
 */
export interface EnglishNamespaces {
  account: typeof account;
  alerts: typeof alerts;
  admin: typeof admin;
  catalogue: typeof catalogue;
  customers: typeof customers;
  exits: typeof exits;
  payments: typeof payments;
  auth: typeof auth;
  common: typeof common;
  dashboard: typeof dashboard;
  generator: typeof generator;
  layout: typeof layout;
  menu: typeof menu;
  orders: typeof orders;
  proxy: typeof proxy;
  recharge: typeof recharge;
  receipts: typeof receipts;
  usage: typeof usage;
}

export type Namespace = keyof EnglishNamespaces;

/**
 * When each namespace loads, following the code split:
 * - `start`: with the app, before the first paint. Only what the public pages (sign-in, sign-up,
 *   password reset, their frame and titles) and the error screens show, so the sign-in page does
 *   not download the texts of every signed-in screen.
 * - `shell`: together with the signed-in shell's chunk; its pages render once they are in.
 * - `operator`: with each page of the operator console, so customers never download them.
 * Every namespace must be listed (a missing one is a type error), so none can be left unloaded.
 * The bundle budget (vite-plugins/bundle-budget.ts) measures the same split.
 */
export const namespaceLoading = {
  common: 'start',
  auth: 'start',
  layout: 'shell',
  menu: 'shell',
  account: 'shell',
  dashboard: 'shell',
  generator: 'shell',
  orders: 'shell',
  proxy: 'shell',
  recharge: 'shell',
  receipts: 'shell',
  alerts: 'shell',
  usage: 'shell',
  admin: 'operator',
  customers: 'operator',
  payments: 'operator',
  catalogue: 'operator',
  exits: 'operator',
} as const satisfies Record<Namespace, 'start' | 'shell' | 'operator'>;

export const namespaces = Object.keys(namespaceLoading) as Namespace[];

const loadedWith = (when: 'start' | 'shell' | 'operator'): Namespace[] =>
  namespaces.filter((namespace) => namespaceLoading[namespace] === when);

/** Loaded before the first paint: what the public pages and error screens need. */
export const publicNamespaces = loadedWith('start');

/** Loaded with the signed-in shell. */
export const signedInNamespaces = loadedWith('shell');

/** Loaded with each page of the operator console. */
export const operatorNamespaces = loadedWith('operator');
