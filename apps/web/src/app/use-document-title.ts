import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useSite } from '../components/site';
import { flatRoutes } from './navigation-guard';
import { documentTitle, findRoute } from './route-model';

/** "<menu name> - <product name>" for the current path (docs/product.md#overview). */
export function usePageTitle(): string {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { app_name: appName } = useSite();
  const name = findRoute(flatRoutes, pathname)?.name;
  return documentTitle(name ? intl.formatMessage({ id: name }) : undefined, appName);
}

export function useDocumentTitle(): void {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title;
  }, [title]);
}
