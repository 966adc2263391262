import { Card } from 'antd';
import { EmptyState } from '../../components/empty-state';
import { EmptyTable, type ColumnSpec } from '../../components/empty-table';
import { PageShell } from '../../components/page-shell';

const columns: ColumnSpec[] = [
  { key: 'ip', title: 'whitelist.col.ip' },
  { key: 'remark', title: 'whitelist.col.remark' },
  { key: 'addedAt', title: 'whitelist.col.addedAt' },
  { key: 'actions', title: 'common.col.actions' },
];

/** /proxysetting/whitelist: source IPs that may use the proxies without a password. */
export default function WhitelistPage() {
  return (
    <PageShell title="menu.proxysetting.whitelist" subtitle="whitelist.subtitle">
      <Card>
        <EmptyTable
          testId="whitelist-table"
          columns={columns}
          empty={<EmptyState title="whitelist.empty" hint="whitelist.emptyHint" />}
        />
      </Card>
    </PageShell>
  );
}
