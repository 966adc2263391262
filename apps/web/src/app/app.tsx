import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { queryClient } from './query-client';
import { createAppRouter, type AppRouter } from './router';
import { installSessionExpiryHandler } from './session-expiry';

let router: AppRouter | undefined;

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
