import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { EmptyState } from '../../components/empty-state';
import { PageShell } from '../../components/page-shell';
import { AccountStats } from './account-stats';
import { GettingStarted } from './getting-started';

/** /dashboard: balance and traffic at a glance, then where orders will show. */
export default function DashboardPage() {
  const navigate = useNavigate();
  return (
    <PageShell title="menu.dashboard" subtitle="dashboard.subtitle">
      <AccountStats />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <Card title={<FormattedMessage id="dashboard.recentOrders" />}>
            <EmptyState
              testId="dashboard-orders-empty"
              title="dashboard.recentOrders.empty"
              hint="dashboard.recentOrders.hint"
              action={
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  onClick={() => void navigate(paths.newOrder)}
                >
                  <FormattedMessage id="dashboard.buyTraffic" />
                </Button>
              }
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <GettingStarted />
        </Col>
      </Row>
    </PageShell>
  );
}
