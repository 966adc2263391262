import { Card, Tabs } from 'antd';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { EmptyTable, type ColumnSpec } from '../../components/empty-table';
import { PageShell } from '../../components/page-shell';
import { UnitsNote } from '../../components/units-note';

const changeColumns: ColumnSpec[] = [
  { key: 'time', title: 'usage.col.time' },
  { key: 'type', title: 'usage.col.type' },
  { key: 'change', title: 'usage.col.change', align: 'right' },
  { key: 'note', title: 'usage.col.note' },
];

const detailColumns: ColumnSpec[] = [
  { key: 'time', title: 'usage.col.time' },
  { key: 'account', title: 'usage.col.account' },
  { key: 'used', title: 'usage.col.usedMb', align: 'right' },
];

/** /usage: the traffic change record (the ledger) and the usage detail (statistics in MB, UTC). */
export default function UsagePage() {
  const intl = useIntl();
  return (
    <PageShell title="menu.usage" subtitle="usage.subtitle">
      <Card>
        <Tabs
          tabBarExtraContent={<UnitsNote id="common.units.mb" />}
          items={[
            {
              key: 'changes',
              label: intl.formatMessage({ id: 'usage.changes' }),
              children: (
                <EmptyTable
                  testId="traffic-changes-table"
                  columns={changeColumns}
                  empty={<EmptyState title="usage.changes.empty" hint="usage.changes.emptyHint" />}
                />
              ),
            },
            {
              key: 'details',
              label: intl.formatMessage({ id: 'usage.details' }),
              children: (
                <EmptyTable
                  testId="traffic-details-table"
                  columns={detailColumns}
                  empty={<EmptyState title="usage.details.empty" hint="usage.details.emptyHint" />}
                />
              ),
            },
          ]}
        />
      </Card>
    </PageShell>
  );
}
