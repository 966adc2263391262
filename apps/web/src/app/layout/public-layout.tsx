import { Flex, theme } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { useSite } from '../../components/site';
import { paths } from '../../config/paths';
import { AppLogo } from '../../components/app-logo';
import { LanguageSwitch } from '../../components/language-switch';

/**
 * The bare frame of the public /user/* pages (docs/product.md#screens: no main layout). It uses only light antd
 * parts: ProLayout, Typography and Card stay out of the sign-in page's downloads.
 */
export default function PublicLayout() {
  const { app_name: appName } = useSite();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const secondary = { color: token.colorTextSecondary, textAlign: 'center' as const };
  return (
    <Flex
      vertical
      style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #eef4ff 0%, #f5f7fa 60%)' }}
    >
      <Flex justify="flex-end" style={{ padding: '12px 24px' }}>
        <LanguageSwitch />
      </Flex>
      <Flex vertical align="center" style={{ flex: 1, padding: '8px 16px 48px' }}>
        <Link to={paths.login} style={{ color: token.colorTextHeading }}>
          <Flex align="center" gap={12}>
            <AppLogo size={40} />
            <span style={{ fontSize: token.fontSizeHeading2, fontWeight: 600 }}>{appName}</span>
          </Flex>
        </Link>
        <p style={{ ...secondary, margin: '8px 0 24px' }}>
          <FormattedMessage id="auth.tagline" />
        </p>
        {/* As in the signed-in shell: busy while moving to another page, and the path of the page shown
            (the address bar changes before it is drawn; the sign-in and reset pages share field ids). */}
        <main
          data-testid="page-content"
          data-path={pathname}
          aria-busy={navigation.state !== 'idle'}
          style={{ width: '100%', maxWidth: 420 }}
        >
          <Outlet />
        </main>
      </Flex>
      <footer style={{ ...secondary, padding: 16 }}>
        © {new Date().getFullYear()} {appName}
      </footer>
    </Flex>
  );
}
