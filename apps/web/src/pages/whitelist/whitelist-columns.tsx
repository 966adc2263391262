import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { WhitelistEntry } from '@resiport/contract';
import { Button, Flex, message, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../components/copy-button';
import { useDeleteWhitelistIp } from '../../features/whitelist/api/delete-whitelist-ip';
import { UtcDateTime } from '../../components/utc-date-time';
import type { MessageId } from '../../locales/types';

/** Remove, after confirming: the address will need credentials again. */
function DeleteIpButton({ entry }: { entry: WhitelistEntry }) {
  const intl = useIntl();
  const remove = useDeleteWhitelistIp();
  const confirm = async () => {
    try {
      await remove.mutateAsync(entry.id);
      void message.success(intl.formatMessage({ id: 'whitelist.deleted' }, { ip: entry.ip }));
    } catch {
      // The request wrapper has shown the reason.
    }
  };
  return (
    <Popconfirm
      title={<FormattedMessage id="whitelist.delete.title" values={{ ip: entry.ip }} />}
      description={
        <div style={{ maxWidth: 320 }}>
          <FormattedMessage id="whitelist.delete.text" />
        </div>
      }
      okText={intl.formatMessage({ id: 'whitelist.delete.ok' })}
      cancelText={intl.formatMessage({ id: 'common.cancel' })}
      okButtonProps={{ danger: true }}
      placement="topRight"
      onConfirm={() => void confirm()}
    >
      <Button
        size="small"
        type="link"
        danger
        icon={<DeleteOutlined />}
        loading={remove.isPending}
        data-testid="whitelist-delete"
      >
        <FormattedMessage id="whitelist.action.delete" />
      </Button>
    </Popconfirm>
  );
}

/** Every field of a whitelist entry (docs/product.md#whitelist): IP, remark, add time; then edit and delete. */
export function useWhitelistColumns(
  onEdit: (entry: WhitelistEntry) => void,
): TableColumnsType<WhitelistEntry> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  return [
    {
      key: 'ip',
      dataIndex: 'ip',
      title: title('whitelist.col.ip'),
      render: (ip: string) => (
        <Flex align="center" gap={2}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap', fontSize: 'inherit' }}>
            {ip}
          </Typography.Text>
          <CopyButton text={ip} iconOnly size="small" type="text" label="whitelist.copyIp" />
        </Flex>
      ),
    },
    {
      key: 'remark',
      dataIndex: 'remark',
      title: title('whitelist.col.remark'),
      render: (remark: string) =>
        remark === '' ? (
          <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
            —
          </Typography.Text>
        ) : (
          <Typography.Text ellipsis={{ tooltip: remark }} style={{ maxWidth: 280, fontSize: 'inherit' }}>
            {remark}
          </Typography.Text>
        ),
    },
    {
      key: 'addedAt',
      dataIndex: 'created_at',
      title: title('whitelist.col.addedAt'),
      render: (value: string) => <UtcDateTime iso={value} />,
    },
    {
      key: 'actions',
      title: title('common.col.actions'),
      render: (_value, entry) => (
        <Flex gap={0}>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            data-testid="whitelist-edit"
            onClick={() => onEdit(entry)}
          >
            <FormattedMessage id="whitelist.action.edit" />
          </Button>
          <DeleteIpButton entry={entry} />
        </Flex>
      ),
    },
  ];
}
