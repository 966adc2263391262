import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { Suspense, use, useEffect, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, type IntlShape } from 'react-intl';
import { theme } from '../config/theme';
import { PageLoading } from '../components/page-loading';
import { activeLocale } from '../lib/active-locale';
import { directionOf } from '../lib/i18n';
import { setRuntimeIntl } from '../lib/runtime-intl';
import { loadLocaleBundle, type LocaleBundle } from '../locales/load-locale';
import { queryClient } from './query-client';

interface Localization {
  bundle: LocaleBundle;
  intl: IntlShape;
}

const direction = directionOf(activeLocale);

/** Started at import time so the texts download in parallel with the router's first work. */
const localization: Promise<Localization> = loadLocaleBundle(activeLocale).then((bundle) => {
  const intl = createIntl({ locale: activeLocale, messages: bundle.messages }, createIntlCache());
  setRuntimeIntl(intl);
  // Toasts use antd's static `message` (the request wrapper lives outside React); they render outside
  // the tree, so they get the theme, locale and direction here. (antd's <App> would add Modal to the entry chunk.)
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider theme={theme} locale={bundle.antd} direction={direction}>
        {children}
      </ConfigProvider>
    ),
  });
  return { bundle, intl };
});

function LocalizedProviders({ children }: { children: ReactNode }) {
  const { bundle, intl } = use(localization);
  useEffect(() => {
    document.documentElement.lang = activeLocale;
    document.documentElement.dir = direction;
  }, []);
  // antd fills in `${label}` itself; our catalogue writes it as an ICU argument.
  const validateMessages = { required: intl.formatMessage({ id: 'form.required' }, { label: '${label}' }) };
  return (
    <ConfigProvider theme={theme} locale={bundle.antd} direction={direction} form={{ validateMessages }}>
      <RawIntlProvider value={intl}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </RawIntlProvider>
    </ConfigProvider>
  );
}

/** Theme, antd locale, react-intl and TanStack Query around the whole app (design §3). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <LocalizedProviders>{children}</LocalizedProviders>
    </Suspense>
  );
}
