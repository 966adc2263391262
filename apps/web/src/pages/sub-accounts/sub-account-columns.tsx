import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import type { SubAccount } from '@resiport/contract';
import { Button, Flex, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { editSubHref } from '../../config/paths';
import { PasswordText } from '../../features/subaccounts/components/password-text';
import { SubLimitTag } from '../../features/subaccounts/components/sub-limit-tag';
import { SubStatusSwitch } from '../../features/subaccounts/components/sub-status-switch';
import { credentialsOf } from '../../features/subaccounts/sub-account-text';
import { TrafficText } from '../../components/traffic-text';
import { UtcDateTime } from '../../components/utc-date-time';
import type { MessageId } from '../../locales/types';
import { DeleteSubButton } from './delete-sub-button';

/**
 * Every field of a sub-account (docs/product.md#sub-accounts), with its actions pinned on the right as icons with
 * tooltips (allocate / recycle, edit, copy credentials, delete), so a row fits a laptop screen.
 */
export function useSubAccountColumns(onTraffic: (sub: SubAccount) => void): TableColumnsType<SubAccount> {
  const intl = useIntl();
  const navigate = useNavigate();
  const title = (id: MessageId) => intl.formatMessage({ id });
  // lib/format.ts: GB from 1 GB, MB below, two decimals to the nearest; exact bytes on hover.
  const trafficColumn = (
    key: 'allocated_bytes' | 'traffic_left_bytes' | 'traffic_used_bytes',
    id: MessageId,
  ) => ({
    key,
    dataIndex: key,
    title: title(id),
    align: 'right' as const,
    render: (bytes: number) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <TrafficText bytes={bytes} />
      </span>
    ),
  });

  return [
    {
      key: 'username',
      dataIndex: 'username',
      title: title('subaccount.col.username'),
      render: (username: string) => (
        <Flex align="center" gap={2}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap', fontSize: 'inherit' }}>
            {username}
          </Typography.Text>
          <CopyButton text={username} iconOnly size="small" type="text" label="subaccount.copyUsername" />
        </Flex>
      ),
    },
    {
      key: 'password',
      dataIndex: 'password',
      title: title('subaccount.col.password'),
      render: (password: string) => <PasswordText password={password} />,
    },
    {
      key: 'remark',
      dataIndex: 'remark',
      title: title('subaccount.col.remark'),
      render: (remark: string) =>
        remark === '' ? (
          <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
            —
          </Typography.Text>
        ) : (
          <Typography.Text ellipsis={{ tooltip: remark }} style={{ maxWidth: 180, fontSize: 'inherit' }}>
            {remark}
          </Typography.Text>
        ),
    },
    trafficColumn('allocated_bytes', 'subaccount.col.allocated'),
    trafficColumn('traffic_left_bytes', 'subaccount.col.left'),
    trafficColumn('traffic_used_bytes', 'subaccount.col.used'),
    {
      key: 'status',
      dataIndex: 'status',
      title: title('subaccount.col.status'),
      render: (_status: SubAccount['status'], sub) => (
        <Flex align="center" gap={6} wrap>
          <SubStatusSwitch sub={sub} />
          <SubLimitTag sub={sub} />
        </Flex>
      ),
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('subaccount.col.created'),
      render: (value: string) => <UtcDateTime iso={value} />,
    },
    {
      key: 'actions',
      title: title('common.col.actions'),
      fixed: 'right',
      render: (_value, sub) => (
        <Flex align="center" gap={2}>
          <Tooltip title={title('subaccount.action.traffic')}>
            <Button
              size="small"
              type="text"
              icon={<SwapOutlined />}
              aria-label={title('subaccount.action.traffic')}
              data-testid="sub-allocate"
              onClick={() => onTraffic(sub)}
            />
          </Tooltip>
          <Tooltip title={title('subaccount.action.edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={title('subaccount.action.edit')}
              data-testid="sub-edit"
              onClick={() => void navigate(editSubHref(sub.id))}
            />
          </Tooltip>
          <CopyButton
            text={credentialsOf(sub)}
            iconOnly
            size="small"
            type="text"
            label="subaccount.action.copy"
            testId="sub-copy"
          />
          <DeleteSubButton sub={sub} />
        </Flex>
      ),
    },
  ];
}
