import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { Suspense, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { theme } from '../config/theme';
import { PageLoading } from '../components/page-loading';
import { activeLocale } from '../lib/active-locale';
import { directionOf } from '../lib/i18n';
import { loadAntdLocale } from '../locales/load-locale';
import { publicNamespaces } from '../locales/namespaces';
import { appIntl } from './messages';
import { queryClient } from './query-client';

const direction = directionOf(activeLocale);

/**
 * Started at import time so the texts download in parallel with the router's first work. Only the
 * public namespaces: the signed-in ones come with the shell's chunk (router.tsx).
 */
const startup: Promise<AntdLocale> = Promise.all([
  loadAntdLocale(activeLocale),
  appIntl.load(publicNamespaces),
]).then(([antdLocale]) => {
  // Toasts use antd's static `message` (the request wrapper lives outside React); they render outside
  // the tree, so they get the theme, locale and direction here. (antd's <App> would add Modal to the entry chunk.)
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider theme={theme} locale={antdLocale} direction={direction}>
        {children}
      </ConfigProvider>
    ),
  });
  return antdLocale;
});

function LocalizedProviders({ children }: { children: ReactNode }) {
  const antdLocale = use(startup);
  // A new IntlShape each time more namespaces arrive (the signed-in shell's); everything re-renders with them.
  const intl = useSyncExternalStore(appIntl.subscribe, appIntl.current);
  useEffect(() => {
    document.documentElement.lang = activeLocale;
    document.documentElement.dir = direction;
  }, []);
  // antd fills in `${label}` itself; our catalogue writes it as an ICU argument.
  const validateMessages = { required: intl.formatMessage({ id: 'form.required' }, { label: '${label}' }) };
  return (
    <ConfigProvider theme={theme} locale={antdLocale} direction={direction} form={{ validateMessages }}>
      <RawIntlProvider value={intl}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </RawIntlProvider>
    </ConfigProvider>
  );
}

/** Theme, antd locale, react-intl and TanStack Query around the whole app (docs/architecture.md#module-boundaries). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <LocalizedProviders>{children}</LocalizedProviders>
    </Suspense>
  );
}
