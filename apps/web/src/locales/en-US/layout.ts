/** The signed-in shell: header bar and account menu (the public frame's texts are in auth). */
export const layout = {
  'layout.balance': 'Balance',
  'layout.addFunds': 'Add funds',
  'layout.trafficLeft': 'Traffic left',
  'layout.trafficSplit.main': 'Main account, unallocated: {amount}',
  'layout.trafficSplit.subs': '{count, plural, one {# sub-account} other {# sub-accounts}}: {amount}',
  'layout.operator': 'Operator',
  'layout.view.banner':
    "You are viewing {email}'s portal as an operator, read-only, until {until}. Nothing can be changed here.",
  'layout.view.end': 'End the view',
  'layout.userMenu.settings': 'Account settings',
  'layout.userMenu.signOut': 'Sign out',
};
