import { RouterProvider } from 'react-router/dom';
import { siteSettingsQuery } from '../components/site';
import { AppProvider } from './provider';
import { queryClient } from './query-client';
import { createAppRouter, type AppRouter } from './router';
import { installSessionExpiryHandler } from './session-expiry';

let router: AppRouter | undefined;

// The brand is asked for while the texts and the first page load, not when a screen first needs it.
queryClient.query(siteSettingsQuery).catch(() => undefined);

/**
 * Created on first render inside the providers (not at import), so the first loaders run with the
 * texts loaded; kept in a module variable so StrictMode's double render does not build two routers.
 */
function appRouter(): AppRouter {
  if (!router) {
    router = createAppRouter(queryClient);
    installSessionExpiryHandler(router, queryClient);
  }
  return router;
}

function Routes() {
  return <RouterProvider router={appRouter()} />;
}

export function App() {
  return (
    <AppProvider>
      <Routes />
    </AppProvider>
  );
}
