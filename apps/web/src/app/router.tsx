import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { BASE_PATH } from '../config/app';
import { PageLoading } from '../components/page-loading';
import { operatorNamespaces, signedInNamespaces } from '../locales/namespaces';
import { withMessages } from './messages';
import { flatRoutes, privateLoader, publicLoader } from './navigation-guard';
import { lazyPage } from './page-chunk';
import type { FlatRoute } from './route-model';
import { RootRoute } from './root-route';
import { RouteError } from './route-error';

function RedirectOnly() {
  return null;
}

function toRouteObject(route: FlatRoute): RouteObject {
  const { redirect: target, page } = route;
  if (target !== undefined) {
    // The loader always redirects; the empty component only keeps React Router from warning about a leaf without one.
    return {
      path: route.path,
      loader: ({ request }) => redirect(`${target}${new URL(request.url).search}`),
      Component: RedirectOnly,
    };
  }
  if (!page) throw new Error(`Route ${route.path} has neither a page nor a redirect`);
  // A console page's texts come with it: customers never download them.
  const load = route.access === 'operator' ? () => withMessages(operatorNamespaces, page) : page;
  return { path: route.path, lazy: () => lazyPage(load), errorElement: <RouteError /> };
}

const routesWith = (access: FlatRoute['access']) =>
  flatRoutes.filter((route) => route.access === access).map(toRouteObject);

/**
 * The React Router tree, built from the route table: the public pages under a bare layout, the
 * signed-in pages under the ProLayout shell (each layout is its own chunk, so the sign-in page never
 * downloads ProLayout, nor the signed-in screens' texts). Guards run as the groups' loaders.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    [
      {
        element: <RootRoute />,
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageLoading fullScreen />,
        children: [
          {
            loader: publicLoader,
            lazy: () => lazyPage(() => import('./layout/public-layout')),
            children: routesWith('public'),
          },
          {
            loader: privateLoader(queryClient),
            // The shell's texts (menu, header and every signed-in page) arrive with its chunk.
            lazy: () =>
              lazyPage(() => withMessages(signedInNamespaces, () => import('./layout/main-layout'))),
            children: [
              ...routesWith('private'),
              ...routesWith('operator'),
              { path: '*', lazy: () => lazyPage(() => import('../pages/not-found')) },
            ],
          },
        ],
      },
    ],
    { basename: BASE_PATH },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
