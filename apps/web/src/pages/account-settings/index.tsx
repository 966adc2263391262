import { Space } from 'antd';
import { PageShell } from '../../components/page-shell';
import { AlertsCard } from './alerts-card';
import { ApiQuickStartCard } from './api-quick-start-card';
import { ApiTokenCard } from './api-token-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/**
 * /account/setting: who you are, the password, two-factor sign-in, sessions, alerts, the developer
 * API token and the API quick start.
 */
export default function AccountSettingsPage() {
  return (
    <PageShell title="menu.account.setting" subtitle="settings.subtitle">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <ProfileCard />
        <PasswordCard />
        <TwoFactorCard />
        <SessionsCard />
        <AlertsCard />
        <ApiTokenCard />
        <ApiQuickStartCard />
      </Space>
    </PageShell>
  );
}
