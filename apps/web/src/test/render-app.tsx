import { RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { stripBasename } from '../app/route-model';
import { createAppRouter } from '../app/router';
import { installSessionExpiryHandler } from '../app/session-expiry';
import { setSessionExpiredHandler } from '../lib/api';
import { forgetSession } from '../lib/operator-view';
import { BASE_PATH } from '../config/app';
import { renderWithProviders, testQueryClient } from './render';

/**
 * The whole app at a URL (relative to the /client basename): the real route table, guards,
 * layouts and lazy pages, as app/app.tsx builds them, inside the test providers.
 */
export async function renderApp(url: string) {
  window.history.replaceState(null, '', `${BASE_PATH}${url}`);
  const queryClient = testQueryClient();
  const router = createAppRouter(queryClient);
  // What a 10013 answer does, as app/app.tsx installs it; the plain default again after the test.
  installSessionExpiryHandler(router, queryClient);
  onTestFinished(() => {
    setSessionExpiredHandler(forgetSession);
    router.dispose();
  });
  const view = await renderWithProviders(<RouterProvider router={router} />, queryClient);
  // Where the browser is, as the app's `paths` name it (without the basename).
  const location = () => `${stripBasename(window.location.pathname, BASE_PATH)}${window.location.search}`;
  return { ...view, router, location };
}
