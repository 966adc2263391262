import { Button, Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { UnitsNote } from '../../components/units-note';
import { useCurrentUser } from '../../lib/current-user';
import { bytesToGb, centsToUsd } from '../../lib/units';

const testValue = (testId: string) => (node: ReactNode) => <span data-testid={testId}>{node}</span>;

/**
 * The account (ID, email), its balance (cents → USD) and traffic (bytes → GB) from /user/info:
 * real numbers, zero until the first purchase.
 */
export function AccountStats() {
  const user = useCurrentUser();
  const intl = useIntl();
  const navigate = useNavigate();
  const gb = (bytes: number) => intl.formatNumber(bytesToGb(bytes), { maximumFractionDigits: 3 });
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
            value={intl.formatNumber(centsToUsd(user.balance_cents), { style: 'currency', currency: 'USD' })}
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
            value={gb(user.traffic_left_bytes)}
            suffix={intl.formatMessage({ id: 'common.unit.gb' })}
            valueStyle={valueStyle}
            valueRender={testValue('dashboard-traffic-left')}
          />
          <UnitsNote />
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card style={{ height: '100%' }}>
          <Statistic
            title={<FormattedMessage id="dashboard.trafficUsed" />}
            value={gb(user.traffic_used_bytes)}
            suffix={intl.formatMessage({ id: 'common.unit.gb' })}
            valueStyle={valueStyle}
            valueRender={testValue('dashboard-traffic-used')}
          />
          <UnitsNote />
        </Card>
      </Col>
    </Row>
  );
}
