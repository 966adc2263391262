import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import type { MessageId } from '../../locales/types';
import { AlertsCard } from './alerts-card';
import { ApiQuickStartCard } from './api-quick-start-card';
import { ApiTokenCard } from './api-token-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The settings' sections, in order; `?tab=` opens one (security mails link to `?tab=security`). */
const settingsTabs = ['profile', 'security', 'alerts', 'api'] as const;
type SettingsTab = (typeof settingsTabs)[number];

const tabTitle: Record<SettingsTab, MessageId> = {
  profile: 'settings.tab.profile',
  security: 'settings.tab.security',
  alerts: 'settings.tab.alerts',
  api: 'settings.tab.api',
};

const tabContent: Record<SettingsTab, () => ReactNode> = {
  profile: () => (
    <>
      <ProfileCard />
      <PasswordCard />
    </>
  ),
  security: () => (
    <>
      <TwoFactorCard />
      <SessionsCard />
    </>
  ),
  alerts: () => <AlertsCard />,
  api: () => (
    <>
      <ApiTokenCard />
      <ApiQuickStartCard />
    </>
  ),
};

function tabOf(value: string | null): SettingsTab {
  return settingsTabs.find((tab) => tab === value) ?? 'profile';
}

/**
 * /account/setting: who you are and the password; two-factor sign-in and sessions; alerts; the
 * developer API token and quick start — one section at a time (it was one page of 3,900 px), the
 * open one in the address so a link or a reload lands on it.
 */
export default function AccountSettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabOf(searchParams.get('tab'));
  return (
    <PageShell title="menu.account.setting" subtitle="settings.subtitle">
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams({ tab: tabOf(key) }, { replace: true })}
        items={settingsTabs.map((tab) => ({
          key: tab,
          label: (
            <span data-testid={`settings-tab-${tab}`}>
              <FormattedMessage id={tabTitle[tab]} />
            </span>
          ),
          children: (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>{tabContent[tab]()}</div>
          ),
        }))}
      />
    </PageShell>
  );
}
