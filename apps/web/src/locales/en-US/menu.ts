/**
 * Menu names of the signed-in pages; they are also the document titles ("<menu name> - <product>",
 * docs/product.md#overview). The public pages' titles are in auth, which loads with the public pages.
 */
export const menu = {
  'menu.dashboard': 'Dashboard',
  'menu.neworder': 'New order',
  'menu.residential': 'Residential',
  'menu.proxysetting': 'Proxy settings',
  'menu.proxysetting.subaccount': 'Sub-accounts',
  'menu.proxysetting.addsub': 'Add sub-account',
  'menu.proxysetting.editsub': 'Edit sub-account',
  'menu.proxysetting.whitelist': 'IP whitelist',
  'menu.usage': 'Usage',
  'menu.recharge': 'Add funds',
  'menu.account.setting': 'Account settings',
  'menu.account.resetpassword': 'Change password',
  'menu.admin': 'Operator console',
  'menu.admin.overview': 'Overview',
  'menu.admin.customers': 'Customers',
  'menu.admin.customer': 'Customer',
  'menu.admin.orders': 'Orders',
  'menu.admin.payments': 'Payments',
  'menu.admin.catalogue': 'Catalogue',
  'menu.admin.exits': 'Exits',
  'menu.admin.audit': 'Audit log',
};
