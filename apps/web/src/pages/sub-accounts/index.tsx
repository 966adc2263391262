import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { EmptyState } from '../../components/empty-state';
import { EmptyTable, type ColumnSpec } from '../../components/empty-table';
import { PageShell } from '../../components/page-shell';
import { UnitsNote } from '../../components/units-note';

const columns: ColumnSpec[] = [
  { key: 'username', title: 'subaccount.col.username' },
  { key: 'remark', title: 'subaccount.col.remark' },
  { key: 'allocated', title: 'subaccount.col.allocated', align: 'right' },
  { key: 'left', title: 'subaccount.col.left', align: 'right' },
  { key: 'actions', title: 'common.col.actions' },
];

/** /proxysetting/subaccount: the sub-accounts that authenticate on the gateway, with their traffic. */
export default function SubAccountsPage() {
  const navigate = useNavigate();
  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.addSubAccount)}>
      <FormattedMessage id="subaccount.add" />
    </Button>
  );
  return (
    <PageShell title="menu.proxysetting.subaccount" subtitle="subaccount.subtitle" extra={add}>
      <Card>
        <EmptyTable
          testId="subaccount-table"
          columns={columns}
          empty={<EmptyState title="subaccount.empty" hint="subaccount.emptyHint" action={add} />}
        />
        <div style={{ marginTop: 12 }}>
          <UnitsNote />
        </div>
      </Card>
    </PageShell>
  );
}
