import { Card } from 'antd';
import { BackToSubAccounts } from '../sub-accounts/back-to-sub-accounts';
import { EmptyState } from '../../components/empty-state';
import { PageShell } from '../../components/page-shell';

/** /proxysetting/addsub: creating a sub-account (username 12-24 characters, traffic allocation). */
export default function AddSubAccountPage() {
  return (
    <PageShell title="menu.proxysetting.addsub" subtitle="addsub.subtitle" extra={<BackToSubAccounts />}>
      <Card>
        <EmptyState testId="addsub-unavailable" title="addsub.unavailable" hint="addsub.unavailableHint" />
      </Card>
    </PageShell>
  );
}
