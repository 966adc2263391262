import { DeleteOutlined } from '@ant-design/icons';
import type { SubAccount } from '@resiport/contract';
import { Button, message, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDeleteSubAccount } from '../../features/subaccounts/api/delete-sub-account';
import { deleteReturns } from '../../features/subaccounts/sub-account-text';
import { formatTraffic } from '../../lib/format';

/**
 * Delete, after saying how much traffic goes back to the main account and that the credentials stop
 * working at once.
 */
export function DeleteSubButton({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const remove = useDeleteSubAccount();
  const label = intl.formatMessage({ id: 'subaccount.action.delete' });
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      const { recycled_bytes } = await remove.mutateAsync(sub.id);
      void message.success(
        intl.formatMessage(
          { id: 'subaccount.deleted' },
          { username: sub.username, amount: formatTraffic(recycled_bytes, intl.locale) },
        ),
      );
    } catch {
      // The request wrapper has shown the reason.
    }
  };

  return (
    <Popconfirm
      title={<FormattedMessage id="subaccount.delete.title" values={{ username: sub.username }} />}
      description={
        <div style={{ maxWidth: 320 }}>
          <FormattedMessage
            id="subaccount.delete.text"
            values={{ amount: deleteReturns(sub, intl.locale) }}
          />
        </div>
      }
      okText={intl.formatMessage({ id: 'subaccount.delete.ok' })}
      cancelText={intl.formatMessage({ id: 'common.cancel' })}
      okButtonProps={{ danger: true }}
      placement="topRight"
      open={confirming}
      onOpenChange={setConfirming}
      onConfirm={() => void confirm()}
    >
      {/* Hidden while the confirmation is open: it would sit over the confirmation's buttons. */}
      <Tooltip title={label} open={confirming ? false : undefined}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          loading={remove.isPending}
          aria-label={label}
          data-testid="sub-delete"
        />
      </Tooltip>
    </Popconfirm>
  );
}
