import type { SessionInfo } from '@resiport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, message, Popconfirm, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { currentUserQuery } from '../../lib/current-user';
import { useRevokeSession, useSecurity, useSignOutEverywhere } from '../../features/account/api/security';
import { UtcDateTime } from '../../components/utc-date-time';
import { describeUserAgent } from './user-agent';

/** Where this account is signed in: one row per session, each can be signed out; or all but this one. */
export function SessionsCard() {
  const intl = useIntl();
  const security = useSecurity();
  const revoke = useRevokeSession();
  const everywhere = useSignOutEverywhere();
  const queryClient = useQueryClient();
  const sessions = security.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const signOutEverywhere = async () => {
    try {
      await everywhere.mutateAsync();
      // The developer token went with the other sessions.
      queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, has_api_token: false });
      void message.success(intl.formatMessage({ id: 'settings.sessions.signedOutEverywhere' }));
    } catch {
      // The request wrapper has shown the reason.
    }
  };

  const columns: TableColumnsType<SessionInfo> = [
    {
      title: intl.formatMessage({ id: 'settings.sessions.device' }),
      key: 'device',
      render: (_, row) => {
        const { browser, system } = describeUserAgent(row.user_agent);
        const name =
          browser && system
            ? intl.formatMessage({ id: 'settings.sessions.browserOn' }, { browser, system })
            : (browser ?? system ?? intl.formatMessage({ id: 'settings.sessions.unknownDevice' }));
        return (
          <Tooltip title={row.user_agent || undefined}>
            <span>{name}</span>{' '}
            {row.current && (
              <Tag color="blue" data-testid="session-current">
                <FormattedMessage id="settings.sessions.thisDevice" />
              </Tag>
            )}
          </Tooltip>
        );
      },
    },
    { title: intl.formatMessage({ id: 'settings.sessions.ip' }), dataIndex: 'ip', key: 'ip' },
    {
      title: intl.formatMessage({ id: 'settings.sessions.method' }),
      dataIndex: 'method',
      key: 'method',
      responsive: ['md'],
      render: (method: SessionInfo['method']) => (
        <FormattedMessage id={`settings.sessions.method.${method}`} />
      ),
    },
    {
      title: intl.formatMessage({ id: 'settings.sessions.lastSeen' }),
      dataIndex: 'last_seen_at',
      key: 'last_seen_at',
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      title: intl.formatMessage({ id: 'settings.sessions.signedIn' }),
      dataIndex: 'created_at',
      key: 'created_at',
      responsive: ['lg'],
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'action',
      align: 'right',
      render: (_, row) =>
        !row.current && (
          <Popconfirm
            title={<FormattedMessage id="settings.sessions.revokeConfirm" />}
            okText={intl.formatMessage({ id: 'settings.sessions.revoke' })}
            cancelText={intl.formatMessage({ id: 'common.cancel' })}
            okButtonProps={{ danger: true }}
            onConfirm={() => void revoke.mutateAsync(row.id).catch(() => undefined)}
          >
            <Button size="small" danger data-testid="session-revoke">
              <FormattedMessage id="settings.sessions.revoke" />
            </Button>
          </Popconfirm>
        ),
    },
  ];

  const signOutOthers = (
    <Popconfirm
      title={<FormattedMessage id="settings.sessions.everywhereConfirm" />}
      description={<FormattedMessage id="settings.sessions.everywhereText" />}
      okText={intl.formatMessage({ id: 'settings.sessions.everywhere' })}
      cancelText={intl.formatMessage({ id: 'common.cancel' })}
      okButtonProps={{ danger: true, 'data-testid': 'sign-out-everywhere-confirm' }}
      onConfirm={() => void signOutEverywhere()}
    >
      <Button
        danger
        loading={everywhere.isPending}
        disabled={security.isPending}
        data-testid="sign-out-everywhere"
      >
        <FormattedMessage id="settings.sessions.everywhere" />
      </Button>
    </Popconfirm>
  );

  // The button sits under the list, not in the card's title bar, where on a phone it would crowd the title out.
  return (
    <Card title={<FormattedMessage id="settings.sessions.title" />}>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sessions}
        loading={security.isPending}
        pagination={false}
        scroll={{ x: true }}
        data-testid="sessions-table"
        footer={() => (
          <Flex justify="space-between" align="center" gap={8} wrap="wrap">
            <FormattedMessage id="settings.sessions.footer" values={{ count: sessions.length, others }} />
            {signOutOthers}
          </Flex>
        )}
      />
    </Card>
  );
}
