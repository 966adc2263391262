import { subTrafficStateOf, type SubAccount, type UserInfo } from '@resiport/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Flex, Skeleton, Typography, theme } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TrafficText } from '../../components/traffic-text';
import { editSubHref, paths } from '../../config/paths';
import type { SubAccountPage } from '../../features/subaccounts/api/keys';
import { SubTrafficTag } from '../../features/subaccounts/components/sub-traffic-tag';

/** How many sub-accounts the card lists before "N more". */
const SHOWN = 8;
const stateOrder = { empty: 0, low: 1, ok: 2, none: 3 } as const;

/** Those that need attention first (out of traffic, then low), then the most traffic left. */
export function subsByNeed(list: SubAccount[]): SubAccount[] {
  return [...list].sort(
    (a, b) =>
      stateOrder[subTrafficStateOf(a)] - stateOrder[subTrafficStateOf(b)] ||
      b.traffic_left_bytes - a.traffic_left_bytes,
  );
}

/**
 * Where the customer's traffic is (docs/product.md#traffic-totals): the main account's unallocated traffic and each
 * sub-account's, with "out of traffic" and "low" marked.
 */
export function TrafficSplit({ user, subs }: { user: UserInfo; subs: UseQueryResult<SubAccountPage> }) {
  const { token } = theme.useToken();
  const list = subs.data ? subsByNeed(subs.data.list) : [];
  const more = user.subaccounts_count - Math.min(list.length, SHOWN);
  const row = (key: string, name: ReactNode, bytes: number, tag?: ReactNode) => (
    <Flex
      key={key}
      justify="space-between"
      align="center"
      gap={8}
      wrap
      data-testid={`dashboard-split-${key}`}
      style={{ padding: '6px 0', borderTop: key === 'main' ? undefined : `1px solid ${token.colorSplit}` }}
    >
      <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
        {name}
        {tag}
      </Flex>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        <TrafficText bytes={bytes} />
      </Typography.Text>
    </Flex>
  );
  return (
    <Card data-testid="dashboard-traffic-split" title={<FormattedMessage id="dashboard.split.title" />}>
      {row('main', <FormattedMessage id="dashboard.split.main" />, user.traffic_left_bytes)}
      {subs.data === undefined ? (
        subs.isError ? (
          <Typography.Text type="secondary">
            <FormattedMessage id="dashboard.split.failed" />
          </Typography.Text>
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        )
      ) : (
        list
          .slice(0, SHOWN)
          .map((sub) =>
            row(
              sub.username,
              <Link to={editSubHref(sub.id)}>{sub.username}</Link>,
              sub.traffic_left_bytes,
              <SubTrafficTag sub={sub} />,
            ),
          )
      )}
      {subs.data !== undefined && more > 0 && (
        <Link to={paths.subAccounts}>
          <FormattedMessage id="dashboard.split.more" values={{ count: more }} />
        </Link>
      )}
    </Card>
  );
}
