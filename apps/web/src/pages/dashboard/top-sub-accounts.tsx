import type { UsageData } from '@resiport/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Flex, Skeleton, theme, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { OwnerName } from '../../features/traffic/components/owner-name';
import { MbText } from '../../features/traffic/components/mb-text';
import { topSubAccounts } from '../../features/traffic/usage-chart-data';

/** The sub-accounts that used the most in the last 30 days, each linking to its edit page. */
export function TopSubAccounts({ usage }: { usage: UseQueryResult<UsageData> }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const { data } = usage;
  const top = data ? topSubAccounts(data) : [];
  const mb = intl.formatMessage({ id: 'usage.unit.mb' });

  return (
    <Card
      data-testid="dashboard-top-subs"
      title={<FormattedMessage id="dashboard.top.title" />}
      extra={
        <Typography.Text type="secondary">
          <FormattedMessage id="dashboard.total.30d" />
        </Typography.Text>
      }
    >
      {data === undefined ? (
        usage.isError ? (
          <Typography.Text type="secondary">
            <FormattedMessage id="usage.failed" />
          </Typography.Text>
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        )
      ) : top.length === 0 ? (
        <Typography.Text type="secondary">
          <FormattedMessage id="dashboard.top.empty" />
        </Typography.Text>
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {top.map((sub, index) => (
            <li
              key={sub.id}
              data-testid={`dashboard-top-sub-${sub.username ?? sub.id}`}
              style={{
                padding: '8px 0',
                borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
              }}
            >
              <Flex justify="space-between" gap={12} align="baseline">
                <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  <Typography.Text type="secondary" style={{ marginInlineEnd: 8 }}>
                    {index + 1}.
                  </Typography.Text>
                  <OwnerName subaccountId={sub.id} username={sub.username} />
                </span>
                <Typography.Text strong style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  <MbText bytes={sub.bytes} /> {mb}
                </Typography.Text>
              </Flex>
              <div
                role="presentation"
                style={{ height: 4, borderRadius: 2, background: token.colorFillSecondary, marginTop: 6 }}
              >
                <div
                  style={{
                    width: `${Math.max(1, sub.share * 100)}%`,
                    height: '100%',
                    borderRadius: 2,
                    background: token.colorPrimary,
                  }}
                />
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <FormattedMessage
                  id="dashboard.top.share"
                  values={{
                    share: intl.formatNumber(sub.share, { style: 'percent', maximumFractionDigits: 1 }),
                  }}
                />
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
