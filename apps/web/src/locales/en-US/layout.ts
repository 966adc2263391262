/** The shell: header bar, account menu, public frame. */
export const layout = {
  'layout.language': 'Language',
  'layout.tagline': 'Residential proxies by the gigabyte',
  'layout.balance': 'Balance',
  'layout.addFunds': 'Add funds',
  'layout.trafficLeft': 'Traffic left',
  'layout.operator': 'Operator',
  'layout.userMenu.settings': 'Account settings',
  'layout.userMenu.signOut': 'Sign out',
};
