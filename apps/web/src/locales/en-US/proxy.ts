/** Sub-accounts and the IP whitelist. */
export const proxy = {
  'subaccount.subtitle': 'Separate proxy credentials, each with its own traffic',
  'subaccount.add': 'Add sub-account',
  'subaccount.back': 'Back to sub-accounts',
  'subaccount.empty': 'No sub-accounts yet',
  'subaccount.emptyHint':
    'Sub-accounts you create will appear here with their allocated and remaining traffic.',
  'subaccount.col.username': 'Username',
  'subaccount.col.remark': 'Remark',
  'subaccount.col.allocated': 'Allocated traffic (GB)',
  'subaccount.col.left': 'Traffic left (GB)',
  'addsub.subtitle': 'Username of 12-24 letters and digits, a password and a traffic allowance',
  'addsub.unavailable': 'Creating sub-accounts is not available yet',
  'addsub.unavailableHint':
    'This is where you will name a sub-account and give it traffic from your main account.',
  'editsub.subtitle': 'Change the password, remark or traffic of a sub-account',
  'editsub.unavailable': 'Editing sub-accounts is not available yet',
  'editsub.unavailableHint': 'Open a sub-account from the list to change it once sub-accounts are available.',
  'whitelist.subtitle': 'IP addresses that may use your proxies without a password',
  'whitelist.empty': 'No whitelisted IPs yet',
  'whitelist.emptyHint':
    'IPv4 or IPv6 addresses you add will appear here with their remark and the time they were added.',
  'whitelist.col.ip': 'IP address',
  'whitelist.col.remark': 'Remark',
  'whitelist.col.addedAt': 'Added',
};
