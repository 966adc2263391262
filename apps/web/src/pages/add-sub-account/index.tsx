import { Card, Col, Row, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { BackToSubAccounts } from '../sub-accounts/back-to-sub-accounts';
import { PageShell } from '../../components/page-shell';
import type { MessageId } from '../../locales/types';
import { AddSubForm } from './add-sub-form';

const about: MessageId[] = ['addsub.about.credentials', 'addsub.about.traffic', 'addsub.about.delete'];

/** /proxysetting/addsub: a new sub-account (username 12-24 letters and digits, password, traffic). */
export default function AddSubAccountPage() {
  return (
    <PageShell title="menu.proxysetting.addsub" subtitle="addsub.subtitle" extra={<BackToSubAccounts />}>
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} lg={15}>
          <Card title={<FormattedMessage id="addsub.form" />}>
            <AddSubForm />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title={<FormattedMessage id="addsub.about.title" />}>
            {about.map((id) => (
              <Typography.Paragraph key={id} type="secondary">
                <FormattedMessage id={id} />
              </Typography.Paragraph>
            ))}
          </Card>
        </Col>
      </Row>
    </PageShell>
  );
}
