import { subTrafficStateOf } from '@resiport/contract';
import { Col, Flex, Row } from 'antd';
import { useCurrentUser } from '../../lib/current-user';
import { PageShell } from '../../components/page-shell';
import { useSubAccounts } from '../../features/subaccounts/api/get-sub-accounts';
import { useUsage } from '../../features/traffic/api/get-usage';
import { totalTrafficLeft, trafficAlertOf } from '../../features/traffic/traffic-alert';
import { AccountStats } from './account-stats';
import { GettingStarted } from './getting-started';
import { QuickActions } from './quick-actions';
import { TopSubAccounts } from './top-sub-accounts';
import { TrafficAlertBanner } from './traffic-alert';
import { TrafficSplit } from './traffic-split';
import { UsageOverview } from './usage-overview';

/** The sub-accounts the dashboard reads for the split (the list's largest page). */
const SPLIT_PAGE = { page: 1, pageSize: 100, search: '' };

/**
 * /dashboard: a warning naming what ran out or runs low, the account at a glance (traffic left is
 * main + sub-accounts), where the traffic is, the last 30 days of usage (per day, UTC) with its
 * totals and biggest sub-accounts, and the common next steps. A new account (no usage ever) is
 * shown how to start instead.
 */
export default function DashboardPage() {
  const user = useCurrentUser();
  // The calls' default range: the last 30 days up to today (UTC), per day.
  const usage = useUsage({});
  const subs = useSubAccounts(SPLIT_PAGE);
  const used30dBytes = usage.data?.totals.last_30_days_bytes ?? 0;
  const alert = trafficAlertOf(user, used30dBytes);
  const isNew = user.traffic_used_bytes <= 0 && usage.data?.totals.last_30_days_bytes === 0;
  const emptySubs = subs.data?.list.filter((sub) => subTrafficStateOf(sub) === 'empty');

  return (
    <PageShell title="menu.dashboard" subtitle="dashboard.subtitle">
      <Flex vertical gap={16}>
        {alert !== 'none' && (
          <TrafficAlertBanner level={alert} user={user} used30dBytes={used30dBytes} emptySubs={emptySubs} />
        )}
        <AccountStats />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <UsageOverview usage={usage} isNew={isNew} hasTraffic={totalTrafficLeft(user) > 0} />
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <QuickActions />
              {user.subaccounts_count > 0 && <TrafficSplit user={user} subs={subs} />}
              {isNew ? <GettingStarted /> : <TopSubAccounts usage={usage} />}
            </Flex>
          </Col>
        </Row>
      </Flex>
    </PageShell>
  );
}
