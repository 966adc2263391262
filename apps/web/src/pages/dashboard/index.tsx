import { Col, Flex, Row } from 'antd';
import { useCurrentUser } from '../../lib/current-user';
import { PageShell } from '../../components/page-shell';
import { useUsage } from '../../features/traffic/api/get-usage';
import { trafficAlertOf } from '../../features/traffic/traffic-alert';
import { AccountStats } from './account-stats';
import { GettingStarted } from './getting-started';
import { QuickActions } from './quick-actions';
import { TopSubAccounts } from './top-sub-accounts';
import { TrafficAlertBanner } from './traffic-alert';
import { UsageOverview } from './usage-overview';

/**
 * /dashboard: a warning when traffic runs low, the account at a glance, the last 30 days of usage
 * (per day, UTC) with its totals and biggest sub-accounts, and the common next steps. A new account
 * (no usage ever) is shown how to start instead.
 */
export default function DashboardPage() {
  const user = useCurrentUser();
  // The calls' default range: the last 30 days up to today (UTC), per day.
  const usage = useUsage({});
  const used30dBytes = usage.data?.totals.last_30_days_bytes ?? 0;
  const alert = trafficAlertOf({
    leftBytes: user.traffic_left_bytes,
    usedBytes: user.traffic_used_bytes,
    used30dBytes,
  });
  const isNew = user.traffic_used_bytes <= 0 && usage.data?.totals.last_30_days_bytes === 0;

  return (
    <PageShell title="menu.dashboard" subtitle="dashboard.subtitle">
      <Flex vertical gap={16}>
        {alert !== 'none' && (
          <TrafficAlertBanner level={alert} leftBytes={user.traffic_left_bytes} used30dBytes={used30dBytes} />
        )}
        <AccountStats />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <UsageOverview usage={usage} isNew={isNew} hasTraffic={user.traffic_left_bytes > 0} />
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <QuickActions />
              {isNew ? <GettingStarted /> : <TopSubAccounts usage={usage} />}
            </Flex>
          </Col>
        </Row>
      </Flex>
    </PageShell>
  );
}
