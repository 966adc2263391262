import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../locales/types';

/**
 * A package's name in the UI language: `package.<code>` from the locale files, or the code itself
 * for a package added on the server (admin CLI) that the web does not know yet.
 */
export function packageName(intl: IntlShape, code: string): string {
  const id = `package.${code}`;
  return Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id: id as MessageId }) : code;
}
