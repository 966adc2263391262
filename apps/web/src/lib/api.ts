import { message } from 'antd';
import { API_BASE } from '../config/app';
import { ERROR_TOAST_SECONDS } from '../config/business';
import { activeLocale } from './active-locale';
import { createApiClient } from './api-client';
import { clearSession, readAuthData } from './auth-storage';
import { safeLocalStorage } from './browser-storage';
import { acceptLanguageOf } from './i18n';
import { runtimeMessage } from './runtime-intl';

let sessionExpiredHandler: () => void = () => clearSession(safeLocalStorage());

/** The app decides what "go to sign-in" means (it knows the route table); see app/session-expiry.ts. */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** The browser's request wrapper: every features/<domain>/api/*.ts call goes through it. */
export const api = createApiClient({
  fetch: (url, init) => window.fetch(url, init),
  baseUrl: API_BASE,
  getToken: () => readAuthData(safeLocalStorage())?.jwt_token ?? null,
  getAcceptLanguage: () => acceptLanguageOf(activeLocale),
  toastError: (msg) => void message.error(msg, ERROR_TOAST_SECONDS),
  onSessionExpired: () => sessionExpiredHandler(),
  fallbackMessage: (reason) =>
    reason === 'network'
      ? runtimeMessage('error.network', 'Network error, please check your connection and try again')
      : runtimeMessage('error.unexpected', 'Unexpected answer from the server, please try again later'),
});
