/**
 * Client paths (relative to the /client basename). The route table in app/routes.tsx decides what
 * each one shows and who may open it; screens use these constants for links.
 */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  newOrder: '/neworder',
  residential: '/residential',
  proxySetting: '/proxysetting',
  subAccounts: '/proxysetting/subaccount',
  addSubAccount: '/proxysetting/addsub',
  editSubAccount: '/proxysetting/editsub',
  whitelist: '/proxysetting/whitelist',
  usage: '/usage',
  recharge: '/recharge',
  accountSettings: '/account/setting',
  changePassword: '/account/resetpassword',
  user: '/user',
  login: '/user/login',
  register: '/user/register',
  resetPassword: '/user/resetpassword',
  emailToReset: '/user/emailtoreset',
  admin: '/admin',
  adminOverview: '/admin/overview',
  adminCustomers: '/admin/customers',
  adminCustomer: '/admin/customer',
  adminOrders: '/admin/orders',
  adminPayments: '/admin/payments',
  adminCatalogue: '/admin/catalogue',
  adminExits: '/admin/exits',
  adminAudit: '/admin/audit',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The console page of one customer: `/admin/customer?id=N`. */
export function adminCustomerHref(id: number): string {
  return `${paths.adminCustomer}?${new URLSearchParams({ id: String(id) }).toString()}`;
}

/** The edit page of one sub-account: `/proxysetting/editsub?id=N`. */
export function editSubHref(id: number): string {
  return `${paths.editSubAccount}?${new URLSearchParams({ id: String(id) }).toString()}`;
}
