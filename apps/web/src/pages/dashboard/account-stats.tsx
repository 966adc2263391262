import { Button, Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { TrafficText } from '../../components/traffic-text';
import { UnitsNote } from '../../components/units-note';
import { totalTrafficLeft, trafficLeftParts } from '../../features/traffic/traffic-alert';
import { useCurrentUser } from '../../lib/current-user';
import { formatTraffic, formatTrafficTotal, formatUsd } from '../../lib/format';

const testValue = (testId: string) => (node: ReactNode) => <span data-testid={testId}>{node}</span>;

/**
 * The account (ID, email), its balance and traffic from /user/info (lib/format.ts): traffic left is
 * the customer's total — the main account's unallocated traffic plus every sub-account's — with the
 * split under it. Real numbers, zero until the first purchase.
 */
export function AccountStats() {
  const user = useCurrentUser();
  const intl = useIntl();
  const navigate = useNavigate();
  const valueStyle = { fontWeight: 600 };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title={<FormattedMessage id="dashboard.accountId" />}
            value={user.id}
            groupSeparator=""
            valueStyle={valueStyle}
            valueRender={testValue('dashboard-account-id')}
          />
          <Typography.Text type="secondary" ellipsis={{ tooltip: user.email }} data-testid="dashboard-email">
            {user.email}
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title={<FormattedMessage id="dashboard.balance" />}
            value={formatUsd(user.balance_cents, intl.locale)}
            valueStyle={valueStyle}
            valueRender={testValue('dashboard-balance')}
          />
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            onClick={() => void navigate(paths.recharge)}
          >
            <FormattedMessage id="layout.addFunds" />
          </Button>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title={<FormattedMessage id="dashboard.trafficLeft" />}
            valueStyle={valueStyle}
            valueRender={() => (
              <span style={valueStyle}>
                {/* The sum of the parts shown below, so they add up (docs/product.md#traffic-totals). */}
                <TrafficText
                  bytes={totalTrafficLeft(user)}
                  text={formatTrafficTotal(trafficLeftParts(user), intl.locale)}
                  testId="dashboard-traffic-left"
                />
              </span>
            )}
          />
          <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="dashboard-traffic-main">
            <FormattedMessage id="dashboard.split.main" />: <TrafficText bytes={user.traffic_left_bytes} />
          </Typography.Text>
          {user.subaccounts_count > 0 && (
            <Typography.Text
              type="secondary"
              style={{ display: 'block' }}
              data-testid="dashboard-traffic-subs"
            >
              <FormattedMessage id="dashboard.split.subs" values={{ count: user.subaccounts_count }} />:{' '}
              <TrafficText bytes={user.subaccounts_traffic_left_bytes} />
            </Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title={<FormattedMessage id="dashboard.trafficUsed" />}
            value={formatTraffic(user.traffic_used_bytes, intl.locale)}
            valueStyle={valueStyle}
            valueRender={() => (
              <span style={valueStyle}>
                <TrafficText bytes={user.traffic_used_bytes} testId="dashboard-traffic-used" />
              </span>
            )}
          />
          <UnitsNote />
        </Card>
      </Col>
    </Row>
  );
}
