import { message } from 'antd';
import { API_BASE } from '../config/app';
import { ERROR_TOAST_SECONDS } from '../config/business';
import { activeLocale } from './active-locale';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { readAuthData } from './auth-storage';
import { acceptLanguageOf } from './i18n';
import { authStorage, forgetSession } from './operator-view';
import { runtimeMessage } from './runtime-intl';

let sessionExpiredHandler: (message: string) => void = forgetSession;

/**
 * The app decides what "go to sign-in" means (it knows the route table); see app/session-expiry.ts.
 * `message` is the server's reason, localized.
 */
export function setSessionExpiredHandler(handler: (message: string) => void): void {
  sessionExpiredHandler = handler;
}

/** The error toast every failed call shows (docs/product.md#request-wrapper). */
export const toastError = (text: string) => void message.error(text, ERROR_TOAST_SECONDS);

/** Localized texts for failures that carry no server message. */
export function fallbackMessage(reason: 'network' | 'format'): string {
  return reason === 'network'
    ? runtimeMessage('error.network', 'Network error, please check your connection and try again')
    : runtimeMessage('error.unexpected', 'Unexpected answer from the server, please try again later');
}

/** An answer the screen cannot use although the call succeeded: toasted, and the error to throw. */
export function unexpectedAnswer(): ApiError {
  const text = fallbackMessage('format');
  toastError(text);
  return new ApiError('format', text);
}

/** The browser's request wrapper: every features/<domain>/api/*.ts call goes through it. */
export const api = createApiClient({
  fetch: (url, init) => window.fetch(url, init),
  baseUrl: API_BASE,
  // The signed-in user's token, or in an operator's view tab the view's (lib/operator-view.ts).
  getToken: () => readAuthData(authStorage())?.jwt_token ?? null,
  getAcceptLanguage: () => acceptLanguageOf(activeLocale),
  toastError,
  onSessionExpired: (message) => sessionExpiredHandler(message),
  fallbackMessage,
});
