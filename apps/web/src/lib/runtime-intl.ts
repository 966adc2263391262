import type { IntlShape } from 'react-intl';
import type { MessageId } from '../locales/types';

/**
 * The app's IntlShape for code outside React (the request wrapper's toasts). The provider sets it
 * as soon as the locale bundle is loaded, before the router starts any request.
 */
let current: IntlShape | null = null;

export function setRuntimeIntl(intl: IntlShape): void {
  current = intl;
}

export function runtimeMessage(id: MessageId, fallback: string): string {
  return current ? current.formatMessage({ id }) : fallback;
}
