import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/current-user';

/** Password section; accounts created through Google or Yandex have no password to change. */
export function PasswordCard() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Card
      title={<FormattedMessage id="settings.password" />}
      extra={
        user.has_password && (
          <Button
            icon={<LockOutlined />}
            onClick={() => void navigate(paths.changePassword)}
            data-testid="change-password"
          >
            <FormattedMessage id="settings.password.change" />
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        <FormattedMessage id={user.has_password ? 'settings.password.hint' : 'settings.password.none'} />
      </Typography.Paragraph>
    </Card>
  );
}
