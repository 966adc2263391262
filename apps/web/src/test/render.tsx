import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { appIntl } from '../app/messages';
import { queryClient as appQueryClient } from '../app/query-client';
import { theme } from '../config/theme';
import { namespaces } from '../locales/namespaces';
import { onlyWhatHidesOrBlocks } from './test-styles';

/** jsdom runs no CSS transitions: without motion a closed dialog leaves at once, as after its animation. */
const testTheme = { ...theme, token: { ...theme.token, motion: false } };

/**
 * Toasts render outside the tree (antd's static `message`), so they get the test theme here: without
 * motion a destroyed toast leaves at once — with it, its leave transition, which jsdom never runs,
 * kept it on the page for the next test to find.
 */
ConfigProvider.config({
  holderRender: (children) => (
    <StyleProvider transformers={[onlyWhatHidesOrBlocks]}>
      <ConfigProvider theme={testTheme} locale={enUS}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  ),
});

/** A TanStack Query client of its own for each test, with the app's defaults (app/query-client.ts). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
}

/**
 * The app's providers around what a test renders — theme (without motion), antd's English texts and form
 * messages, react-intl with every namespace loaded (the app loads them per chunk; a test has no
 * chunks), and a fresh TanStack Query client with the app's defaults — as app/provider.tsx does.
 */
export async function renderWithProviders(ui: ReactNode, queryClient = testQueryClient()) {
  await appIntl.load(namespaces);
  const intl = appIntl.current();
  const validateMessages = { required: intl.formatMessage({ id: 'form.required' }, { label: '${label}' }) };
  // A wrapper rather than part of `ui`, so `rerender` keeps the same providers (and query cache).
  const Providers = ({ children }: { children: ReactNode }) => (
    <StyleProvider transformers={[onlyWhatHidesOrBlocks]}>
      <ConfigProvider theme={testTheme} locale={enUS} form={{ validateMessages }}>
        <RawIntlProvider value={intl}>
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={<span>Loading…</span>}>{children}</Suspense>
          </QueryClientProvider>
        </RawIntlProvider>
      </ConfigProvider>
    </StyleProvider>
  );
  // No pause between keystrokes: antd re-renders a form on each, and jsdom is slow enough as it is.
  const user = userEvent.setup({ delay: null });
  return { ...render(ui, { wrapper: Providers }), user, queryClient };
}

/** Shown for any path the page navigates to, so a test can see where it went. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

export interface PageOptions {
  /** The page's route path (a `paths` entry). */
  path: string;
  /** The URL it opens at, when it carries a query (default: `path`). */
  url?: string;
}

/** One page at its route, inside the providers; any other path renders `Elsewhere`. */
export async function renderPage(Page: ComponentType, { path, url = path }: PageOptions) {
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [url] },
  );
  const view = await renderWithProviders(<RouterProvider router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location };
}
