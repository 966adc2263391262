import { ProLayout } from '@ant-design/pro-components';
import { Suspense, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useSite } from '../../components/site';
import { PRIMARY_COLOR } from '../../config/theme';
import { paths } from '../../config/paths';
import { AppLogo } from '../../components/app-logo';
import { PageLoading } from '../../components/page-loading';
import { accessOf } from '../../lib/access';
import { useCurrentUser } from '../../lib/current-user';
import { routeTable } from '../routes';
import { usePageTitle } from '../use-document-title';
import { AppHeader } from './app-header';
import { menuDataFrom } from './menu-data';
import { OperatorViewBanner } from './operator-view-banner';
import { useTokenRefresh } from './use-token-refresh';

/**
 * The signed-in shell (docs/product.md#appearance: side layout, fixed sider, fluid content). The account actions sit
 * in a bar above the page rather than in ProLayout's sider footer, where dashboards put them.
 */
export default function MainLayout() {
  const intl = useIntl();
  const { app_name: appName } = useSite();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const title = usePageTitle();
  useTokenRefresh();

  const { canSeeAdmin } = accessOf(useCurrentUser());
  const route = useMemo(
    () => ({
      path: paths.home,
      children: menuDataFrom(routeTable, (id) => intl.formatMessage({ id }), canSeeAdmin),
    }),
    [intl, canSeeAdmin],
  );

  return (
    <ProLayout
      title={appName}
      logo={<AppLogo />}
      layout="side"
      fixSiderbar
      contentWidth="Fluid"
      route={route}
      location={{ pathname }}
      pageTitleRender={() => title}
      onMenuHeaderClick={() => void navigate(paths.home)}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      token={{ colorPrimary: PRIMARY_COLOR, pageContainer: { paddingInlinePageContainerContent: 24 } }}
      contentStyle={{ padding: 0 }}
      siderWidth={220}
    >
      <OperatorViewBanner />
      <AppHeader />
      {/* Busy while the router moves to another page (its data and code loading): assistive technology
          and the e2e journeys wait for the page to settle before acting on it. The path is the page
          shown — the address bar changes before the new page is drawn. */}
      <div data-testid="page-content" data-path={pathname} aria-busy={navigation.state !== 'idle'}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </ProLayout>
  );
}
