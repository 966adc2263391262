import { Alert, Card, Col, Row } from 'antd';
import { FormattedMessage } from 'react-intl';
import { PageShell } from '../../components/page-shell';
import { ChangePasswordForm } from './change-password-form';

/** /account/resetpassword: change the password while signed in. */
export default function ChangePasswordPage() {
  return (
    <PageShell title="menu.account.resetpassword" subtitle="changePassword.subtitle">
      <Row>
        <Col xs={24} md={16} xl={10}>
          <Card>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 24 }}
              message={<FormattedMessage id="changePassword.othersSignedOut" />}
            />
            <ChangePasswordForm />
          </Card>
        </Col>
      </Row>
    </PageShell>
  );
}
