import { paths } from '../config/paths';
import type { AppRoute } from './route-model';

/**
 * THE route table (docs/product.md#screens). The router, the side menu, document titles and the sign-in guards are
 * all derived from it: a screen is added here and nowhere else. Each page is its own lazy chunk.
 */
export const routeTable: AppRoute[] = [
  { path: paths.home, redirect: paths.dashboard },
  {
    path: paths.dashboard,
    name: 'menu.dashboard',
    icon: 'dashboard',
    menu: true,
    page: () => import('../pages/dashboard'),
  },
  {
    path: paths.newOrder,
    name: 'menu.neworder',
    icon: 'newOrder',
    menu: true,
    page: () => import('../pages/new-order'),
  },
  {
    path: paths.residential,
    name: 'menu.residential',
    icon: 'residential',
    menu: true,
    page: () => import('../pages/residential'),
  },
  {
    path: paths.proxySetting,
    name: 'menu.proxysetting',
    icon: 'proxySettings',
    menu: true,
    redirect: paths.subAccounts,
    children: [
      {
        path: paths.subAccounts,
        name: 'menu.proxysetting.subaccount',
        menu: true,
        page: () => import('../pages/sub-accounts'),
      },
      {
        path: paths.addSubAccount,
        name: 'menu.proxysetting.addsub',
        activeMenu: paths.subAccounts,
        page: () => import('../pages/add-sub-account'),
      },
      {
        path: paths.editSubAccount,
        name: 'menu.proxysetting.editsub',
        activeMenu: paths.subAccounts,
        page: () => import('../pages/edit-sub-account'),
      },
      {
        path: paths.whitelist,
        name: 'menu.proxysetting.whitelist',
        menu: true,
        page: () => import('../pages/whitelist'),
      },
    ],
  },
  {
    path: paths.usage,
    name: 'menu.usage',
    icon: 'usage',
    menu: true,
    page: () => import('../pages/usage'),
  },
  {
    path: paths.admin,
    name: 'menu.admin',
    icon: 'admin',
    menu: true,
    access: 'operator',
    redirect: paths.adminOverview,
    children: [
      {
        path: paths.adminOverview,
        name: 'menu.admin.overview',
        menu: true,
        page: () => import('../pages/admin-overview'),
      },
      {
        path: paths.adminCustomers,
        name: 'menu.admin.customers',
        menu: true,
        page: () => import('../pages/admin-customers'),
      },
      {
        path: paths.adminCustomer,
        name: 'menu.admin.customer',
        activeMenu: paths.adminCustomers,
        page: () => import('../pages/admin-customer'),
      },
      {
        path: paths.adminOrders,
        name: 'menu.admin.orders',
        menu: true,
        page: () => import('../pages/admin-orders'),
      },
      {
        path: paths.adminPayments,
        name: 'menu.admin.payments',
        menu: true,
        page: () => import('../pages/admin-payments'),
      },
      {
        path: paths.adminCatalogue,
        name: 'menu.admin.catalogue',
        menu: true,
        page: () => import('../pages/admin-catalogue'),
      },
      {
        path: paths.adminExits,
        name: 'menu.admin.exits',
        menu: true,
        page: () => import('../pages/admin-exits'),
      },
      {
        path: paths.adminAudit,
        name: 'menu.admin.audit',
        menu: true,
        page: () => import('../pages/admin-audit'),
      },
    ],
  },
  { path: paths.recharge, name: 'menu.recharge', page: () => import('../pages/recharge') },
  {
    path: paths.accountSettings,
    name: 'menu.account.setting',
    page: () => import('../pages/account-settings'),
  },
  {
    path: paths.changePassword,
    name: 'menu.account.resetpassword',
    page: () => import('../pages/change-password'),
  },
  {
    path: paths.user,
    access: 'public',
    redirect: paths.login,
    children: [
      { path: paths.login, name: 'auth.page.login', page: () => import('../pages/login') },
      { path: paths.register, name: 'auth.page.register', page: () => import('../pages/register') },
      {
        path: paths.resetPassword,
        name: 'auth.page.resetPassword',
        page: () => import('../pages/reset-password'),
      },
      {
        path: paths.emailToReset,
        name: 'auth.page.emailToReset',
        page: () => import('../pages/email-to-reset'),
      },
    ],
  },
];
