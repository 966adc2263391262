import { Card } from 'antd';
import { BackToSubAccounts } from '../sub-accounts/back-to-sub-accounts';
import { EmptyState } from '../../components/empty-state';
import { PageShell } from '../../components/page-shell';

/** /proxysetting/editsub: password, remark and traffic of one sub-account. */
export default function EditSubAccountPage() {
  return (
    <PageShell title="menu.proxysetting.editsub" subtitle="editsub.subtitle" extra={<BackToSubAccounts />}>
      <Card>
        <EmptyState testId="editsub-unavailable" title="editsub.unavailable" hint="editsub.unavailableHint" />
      </Card>
    </PageShell>
  );
}
