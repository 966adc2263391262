export const usage = {
  'usage.subtitle': 'Where your traffic came from and where it went',
  'usage.changes': 'Traffic change record',
  'usage.details': 'Traffic usage detail',
  'usage.changes.empty': 'No traffic changes yet',
  'usage.changes.emptyHint':
    'Purchases, allocations to sub-accounts and recycled traffic will be recorded here.',
  'usage.details.empty': 'No usage yet',
  'usage.details.emptyHint': 'Traffic used through the proxies will be shown here per day and account.',
  'usage.col.time': 'Time (UTC)',
  'usage.col.type': 'Type',
  'usage.col.change': 'Change (MB)',
  'usage.col.note': 'Note',
  'usage.col.account': 'Account',
  'usage.col.usedMb': 'Used (MB)',
};
