import { KeyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { currentUserQuery, useCurrentUser } from '../../lib/current-user';
import { useGenerateApiToken } from '../../features/account/api/generate-api-token';
import { securityQuery, useSecurity } from '../../features/account/api/security';
import { UtcDateTime } from '../../components/utc-date-time';
import { ApiTokenReveal } from './api-token-reveal';

/**
 * The developer API token (docs/architecture.md#sessions): the server keeps only its hash, so the value is shown once,
 * right after it is generated. Regenerating needs a confirmation because the old token dies at once;
 * a password change, a reset and "sign out everywhere" revoke it too (decision 021).
 */
export function ApiTokenCard() {
  const intl = useIntl();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const generate = useGenerateApiToken();
  const [token, setToken] = useState<string | null>(null);
  const security = useSecurity().data;
  const tokenDates = security?.api_token;
  const revoked = token === null ? security?.api_token_revoked : null;

  const run = async () => {
    try {
      setToken(await generate.mutateAsync());
      queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, has_api_token: true });
      void queryClient.invalidateQueries({ queryKey: securityQuery.queryKey });
    } catch {
      // The request wrapper has shown the reason.
    }
  };

  const action = user.has_api_token ? (
    <Popconfirm
      title={<FormattedMessage id="settings.token.confirmTitle" />}
      description={<FormattedMessage id="settings.token.confirmText" />}
      okText={intl.formatMessage({ id: 'settings.token.regenerate' })}
      cancelText={intl.formatMessage({ id: 'common.cancel' })}
      okButtonProps={{ danger: true }}
      onConfirm={() => void run()}
    >
      <Button danger icon={<KeyOutlined />} loading={generate.isPending} data-testid="regenerate-api-token">
        <FormattedMessage id="settings.token.regenerate" />
      </Button>
    </Popconfirm>
  ) : (
    <Button
      type="primary"
      icon={<KeyOutlined />}
      loading={generate.isPending}
      onClick={() => void run()}
      data-testid="generate-api-token"
    >
      <FormattedMessage id="settings.token.generate" />
    </Button>
  );

  return (
    <Card title={<FormattedMessage id="settings.token.title" />} extra={action}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Space>
          <Typography.Text>
            <FormattedMessage id="settings.token.status" />
          </Typography.Text>
          <Tag color={user.has_api_token ? 'green' : 'default'} data-testid="api-token-status">
            <FormattedMessage id={user.has_api_token ? 'settings.token.active' : 'settings.token.none'} />
          </Tag>
        </Space>
        {tokenDates && (
          <Typography.Text type="secondary" data-testid="api-token-dates">
            <FormattedMessage
              id="settings.token.dates"
              values={{
                created: tokenDates.created_at ? (
                  <UtcDateTime key="created" iso={tokenDates.created_at} />
                ) : (
                  '—'
                ),
                used: tokenDates.last_used_at ? (
                  <UtcDateTime key="used" iso={tokenDates.last_used_at} />
                ) : (
                  intl.formatMessage({ id: 'settings.token.neverUsed' })
                ),
              }}
            />
          </Typography.Text>
        )}
        {revoked && (
          <Alert
            type="info"
            showIcon
            data-testid="api-token-revoked"
            message={
              <FormattedMessage
                id={`settings.token.revoked.${revoked.reason}`}
                values={{ at: <UtcDateTime key="at" iso={revoked.revoked_at} /> }}
              />
            }
          />
        )}
        {token !== null && <ApiTokenReveal token={token} />}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          <FormattedMessage
            id="settings.token.usage"
            values={{ code: (chunks) => <Typography.Text code>{chunks}</Typography.Text> }}
          />{' '}
          <FormattedMessage id="settings.token.revokedWhen" />
        </Typography.Paragraph>
      </Space>
    </Card>
  );
}
