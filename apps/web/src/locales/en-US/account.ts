/** Account settings and the signed-in password change. */
export const account = {
  'settings.subtitle': 'Your profile, developer API token and password',
  'settings.profile': 'Profile',
  'settings.accountId': 'Account ID',
  'settings.language': 'Language for emails and messages',
  'settings.memberSince': 'Member since',
  'settings.role': 'Role',
  'settings.role.customer': 'Customer',
  'settings.token.title': 'Developer API token',
  'settings.token.status': 'Status:',
  'settings.token.active': 'Active',
  'settings.token.none': 'Not created',
  'settings.token.generate': 'Generate token',
  'settings.token.regenerate': 'Regenerate token',
  'settings.token.confirmTitle': 'Regenerate the API token?',
  'settings.token.confirmText': 'The old token stops working immediately.',
  'settings.token.shownOnce': 'Copy this token now: it is shown only once and cannot be displayed again.',
  'settings.token.usage':
    'Use it for API calls from your own scripts: send it in the <code>JWT-TOKEN</code> header or as <code>Authorization: Bearer TOKEN</code>. It cannot change your password or create tokens.',
  'settings.password': 'Password',
  'settings.password.change': 'Change password',
  'settings.password.hint': 'Changing the password signs you out on every other device.',
  'settings.password.none':
    'You sign in with Google or Yandex, so this account has no password. To set one, sign out and use “Forgot password?” on the sign-in page.',
  'changePassword.subtitle': 'Choose a new password for signing in',
  'changePassword.current': 'Current password',
  'changePassword.submit': 'Change password',
  'changePassword.othersSignedOut':
    'After the change, every other device signed in to this account is signed out.',
};
