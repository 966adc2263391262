import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, message, Popconfirm, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../components/copy-button';
import { useRotateWebhookSecret } from '../../features/alerts/api/alerts';

/** The webhook signing secret: shown hidden, copyable, replaceable after a confirmation. */
export function WebhookSecret({ secret }: { secret: string | null }) {
  const intl = useIntl();
  const rotate = useRotateWebhookSecret();
  const run = async () => {
    try {
      await rotate.mutateAsync(undefined);
      void message.success(intl.formatMessage({ id: 'alerts.secret.rotated' }));
    } catch {
      // The request wrapper has shown the reason.
    }
  };
  if (secret === null) {
    return (
      <Typography.Paragraph type="secondary" data-testid="alerts-secret-none">
        <FormattedMessage id="alerts.secret.afterSave" />
      </Typography.Paragraph>
    );
  }
  return (
    <Form.Item
      label={intl.formatMessage({ id: 'alerts.secret' })}
      extra={intl.formatMessage({ id: 'alerts.secret.hint' })}
    >
      <Flex gap={8} wrap>
        <Input.Password
          value={secret}
          readOnly
          style={{ flex: '1 1 240px', minWidth: 0 }}
          data-testid="alerts-secret"
        />
        <CopyButton text={secret} label="alerts.secret.copy" testId="alerts-secret-copy" />
        <Popconfirm
          title={<FormattedMessage id="alerts.secret.rotate" />}
          description={<FormattedMessage id="alerts.secret.rotateConfirm" />}
          okText={intl.formatMessage({ id: 'alerts.secret.rotate' })}
          cancelText={intl.formatMessage({ id: 'common.cancel' })}
          okButtonProps={{ danger: true }}
          onConfirm={() => void run()}
        >
          <Button
            danger
            icon={<ReloadOutlined />}
            loading={rotate.isPending}
            data-testid="alerts-secret-rotate"
          >
            <FormattedMessage id="alerts.secret.rotate" />
          </Button>
        </Popconfirm>
      </Flex>
    </Form.Item>
  );
}
