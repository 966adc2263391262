import { Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link, Outlet } from 'react-router';
import { APP_NAME } from '../../config/app';
import { paths } from '../../config/paths';
import { LanguageSwitch } from '../../components/language-switch';
import { AppLogo } from '../../components/app-logo';

/**
 * The bare frame of the public /user/* pages (spec §2: no main layout). It deliberately uses plain
 * antd only: ProLayout stays out of the sign-in page's downloads.
 */
export default function PublicLayout() {
  return (
    <Flex vertical style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #eef4ff 0%, #f5f7fa 60%)' }}>
      <Flex justify="flex-end" style={{ padding: '12px 24px' }}>
        <LanguageSwitch />
      </Flex>
      <Flex vertical align="center" style={{ flex: 1, padding: '24px 16px 48px' }}>
        <Link to={paths.login} style={{ marginBottom: 24 }}>
          <Flex align="center" gap={12}>
            <AppLogo size={40} />
            <Typography.Title level={2} style={{ margin: 0 }}>
              {APP_NAME}
            </Typography.Title>
          </Flex>
        </Link>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12, marginBottom: 24, textAlign: 'center' }}>
          <FormattedMessage id="layout.tagline" />
        </Typography.Paragraph>
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Outlet />
        </div>
      </Flex>
      <Typography.Text type="secondary" style={{ textAlign: 'center', padding: 16 }}>
        © {new Date().getFullYear()} {APP_NAME}
      </Typography.Text>
    </Flex>
  );
}
