import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { EmptyState } from '../../components/empty-state';
import { EmptyTable, type ColumnSpec } from '../../components/empty-table';
import { PageShell } from '../../components/page-shell';

const columns: ColumnSpec[] = [
  { key: 'id', title: 'order.col.id' },
  { key: 'quantity', title: 'order.col.quantity', align: 'right' },
  { key: 'amount', title: 'order.col.amount', align: 'right' },
  { key: 'paidType', title: 'order.col.paidType' },
  { key: 'date', title: 'order.col.date' },
  { key: 'status', title: 'order.col.status' },
];

/** /residential: the residential orders, and the proxy list generator once there is traffic. */
export default function ResidentialPage() {
  const navigate = useNavigate();
  const buy = (
    <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => void navigate(paths.newOrder)}>
      <FormattedMessage id="dashboard.buyTraffic" />
    </Button>
  );
  return (
    <PageShell title="menu.residential" subtitle="residential.subtitle" extra={buy}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title={<FormattedMessage id="residential.orders" />}>
          <EmptyTable
            testId="orders-table"
            columns={columns}
            empty={
              <EmptyState title="residential.orders.empty" hint="residential.orders.emptyHint" action={buy} />
            }
          />
        </Card>
        <Card title={<FormattedMessage id="residential.generator" />}>
          <EmptyState title="residential.generator.empty" hint="residential.generator.emptyHint" />
        </Card>
      </Space>
    </PageShell>
  );
}
