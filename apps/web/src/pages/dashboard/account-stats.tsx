import { Button, Card, Col, Row, Statistic } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { UnitsNote } from '../../components/units-note';
import { useCurrentUser } from '../../app/current-user';
import { bytesToGb, centsToUsd } from '../../lib/units';

/** Balance (cents → USD) and traffic (bytes → GB) from /user/info; real numbers, zero until the first purchase. */
export function AccountStats() {
  const user = useCurrentUser();
  const intl = useIntl();
  const navigate = useNavigate();
  const gb = (bytes: number) => intl.formatNumber(bytesToGb(bytes), { maximumFractionDigits: 3 });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card>
          <Statistic
            title={<FormattedMessage id="dashboard.balance" />}
            value={intl.formatNumber(centsToUsd(user.balance_cents), { style: 'currency', currency: 'USD' })}
            valueStyle={{ fontWeight: 600 }}
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
      <Col xs={24} md={8}>
        <Card>
          <Statistic
            title={<FormattedMessage id="dashboard.trafficLeft" />}
            value={gb(user.traffic_left_bytes)}
            suffix={intl.formatMessage({ id: 'common.unit.gb' })}
            valueStyle={{ fontWeight: 600 }}
          />
          <UnitsNote />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic
            title={<FormattedMessage id="dashboard.trafficUsed" />}
            value={gb(user.traffic_used_bytes)}
            suffix={intl.formatMessage({ id: 'common.unit.gb' })}
            valueStyle={{ fontWeight: 600 }}
          />
          <UnitsNote />
        </Card>
      </Col>
    </Row>
  );
}
