import { Space } from 'antd';
import { PageShell } from '../../components/page-shell';
import { ApiTokenCard } from './api-token-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';

/** /account/setting: who you are, the developer API token, and the password. */
export default function AccountSettingsPage() {
  return (
    <PageShell title="menu.account.setting" subtitle="settings.subtitle">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <ProfileCard />
        <ApiTokenCard />
        <PasswordCard />
      </Space>
    </PageShell>
  );
}
