/**
 * Words used across screens (public and signed-in), error screens and the antd form defaults; loaded
 * before the first paint.
 */
export const common = {
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.copyFailed': 'Could not copy automatically; select the text and copy it by hand',
  'common.language': 'Language',
  'common.cancel': 'Cancel',
  'common.col.actions': 'Actions',
  'common.bytesExact': '{n, plural, one {{bytes} byte} other {{bytes} bytes}}',
  'common.localTime': 'Your time: {time}',
  'common.unit.gb': 'GB',
  'common.units.gb': '1 GB = 1,000,000,000 bytes',
  'common.units.mb': 'Statistics in MB (1 MB = 1,000,000 bytes), times in UTC',
  'form.required': 'Please enter {label}',
  'error.network': 'Network error, please check your connection and try again',
  'error.unexpected': 'Unexpected answer from the server, please try again later',
  'error.page.title': 'This page could not be shown',
  'error.page.hint': 'Reloading usually helps. If it keeps happening, please contact support.',
  'error.offline.title': 'The server cannot be reached',
  'error.offline.hint': 'Check your connection, then reload the page.',
  'error.notFound.title': 'This page does not exist',
  'error.notFound.home': 'Back to the dashboard',
  'error.reload': 'Reload',
};
