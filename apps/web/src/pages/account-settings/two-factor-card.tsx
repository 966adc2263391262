import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSecurity } from '../../features/account/api/security';
import { RecoveryCodesRenewDialog } from './recovery-codes-renew-dialog';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

/** Two-factor sign-in (TOTP): its state, and the dialogs that turn it on and off. */
export function TwoFactorCard() {
  const security = useSecurity();
  const [dialog, setDialog] = useState<'setup' | 'disable' | 'renew' | null>(null);
  const enabled = security.data?.two_factor_enabled ?? false;

  const action = security.data && (
    <Button
      type={enabled ? 'default' : 'primary'}
      danger={enabled}
      icon={<SafetyCertificateOutlined />}
      onClick={() => setDialog(enabled ? 'disable' : 'setup')}
      data-testid={enabled ? 'two-factor-disable' : 'two-factor-enable'}
    >
      <FormattedMessage id={enabled ? 'settings.twoFactor.turnOff' : 'settings.twoFactor.turnOn'} />
    </Button>
  );

  return (
    <Card title={<FormattedMessage id="settings.twoFactor.title" />} extra={action}>
      {security.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text>
              <FormattedMessage id="settings.token.status" />
            </Typography.Text>
            <Tag color={enabled ? 'green' : 'default'} data-testid="two-factor-status">
              <FormattedMessage id={enabled ? 'settings.twoFactor.on' : 'settings.twoFactor.off'} />
            </Tag>
            {enabled && (
              <Typography.Text type="secondary" data-testid="recovery-codes-left">
                <FormattedMessage
                  id="settings.twoFactor.codesLeft"
                  values={{ count: security.data?.recovery_codes_left ?? 0 }}
                />
              </Typography.Text>
            )}
            {enabled && (
              <Button size="small" onClick={() => setDialog('renew')} data-testid="recovery-renew">
                <FormattedMessage id="settings.twoFactor.renew" />
              </Button>
            )}
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            <FormattedMessage id={enabled ? 'settings.twoFactor.onHint' : 'settings.twoFactor.offHint'} />
          </Typography.Paragraph>
        </Space>
      )}
      <TwoFactorSetupDialog open={dialog === 'setup'} onClose={() => setDialog(null)} />
      <TwoFactorDisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
      <RecoveryCodesRenewDialog open={dialog === 'renew'} onClose={() => setDialog(null)} />
    </Card>
  );
}
