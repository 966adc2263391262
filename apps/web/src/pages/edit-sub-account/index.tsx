import { Card, Col, Result, Row, Skeleton } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { BackToSubAccounts } from '../sub-accounts/back-to-sub-accounts';
import { LoadFailed } from '../../components/load-failed';
import { PageShell } from '../../components/page-shell';
import { useSubAccount } from '../../features/subaccounts/api/get-sub-account';
import { TrafficMoveForm } from '../../features/subaccounts/components/traffic-move-form';
import { subIdOf } from '../../features/subaccounts/sub-account-text';
import { LimitsCard } from './limits-card';
import { PasswordCard } from './password-card';
import { RefillCard } from './refill-card';
import { RemarkCard } from './remark-card';
import { SubAlertsCard } from './sub-alerts-card';
import { SubDetailsCard } from './sub-details-card';

/**
 * /proxysetting/editsub?id=N: one sub-account's details and status, its remark, its limits, a new
 * password, and allocating or recycling its traffic. An id that is not one of this account's sub-accounts is "not found".
 */
export default function EditSubAccountPage() {
  const [searchParams] = useSearchParams();
  const id = subIdOf(searchParams);
  const query = useSubAccount(id);
  const user = useCurrentUser();
  const sub = query.data;

  const body = () => {
    if (id === undefined || sub === null) {
      return (
        <Card data-testid="editsub-not-found">
          <Result
            status="404"
            title={<FormattedMessage id="editsub.notFound" />}
            subTitle={<FormattedMessage id="editsub.notFoundHint" />}
            extra={<BackToSubAccounts />}
          />
        </Card>
      );
    }
    if (sub === undefined) {
      return query.isError ? (
        <Card>
          <LoadFailed
            title="subaccount.list.failed"
            hint="subaccount.list.failedHint"
            onReload={() => void query.refetch()}
          />
        </Card>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      );
    }
    return (
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} lg={12}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <SubDetailsCard sub={sub} />
            </Col>
            <Col span={24}>
              <RemarkCard key={sub.id} sub={sub} />
            </Col>
            <Col span={24}>
              <LimitsCard key={sub.id} sub={sub} />
            </Col>
          </Row>
        </Col>
        <Col xs={24} lg={12}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <Card title={<FormattedMessage id="editsub.traffic" />}>
                <TrafficMoveForm sub={sub} mainLeftBytes={user.traffic_left_bytes} />
              </Card>
            </Col>
            <Col span={24}>
              <RefillCard key={sub.id} sub={sub} />
            </Col>
            <Col span={24}>
              <SubAlertsCard key={sub.id} sub={sub} />
            </Col>
            <Col span={24}>
              <PasswordCard sub={sub} />
            </Col>
          </Row>
        </Col>
      </Row>
    );
  };

  return (
    <PageShell title="menu.proxysetting.editsub" subtitle="editsub.subtitle" extra={<BackToSubAccounts />}>
      {body()}
    </PageShell>
  );
}
