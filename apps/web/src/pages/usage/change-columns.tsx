import type { TrafficChange, TrafficChangeKind } from '@resiport/contract';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { OwnerName } from '../../features/traffic/components/owner-name';
import { formatMb, formatSignedMb } from '../../features/traffic/traffic-format';
import { formatUtcDateTime } from '../../lib/dates';
import type { MessageId } from '../../locales/types';

export const kindText: Record<TrafficChangeKind, MessageId> = {
  purchase: 'usage.kind.purchase',
  trial: 'usage.kind.trial',
  allocate: 'usage.kind.allocate',
  recycle: 'usage.kind.recycle',
  subaccount_deletion: 'usage.kind.subaccount_deletion',
  refund: 'usage.kind.refund',
  adjustment: 'usage.kind.adjustment',
};

const kindColour: Record<TrafficChangeKind, string> = {
  purchase: 'blue',
  trial: 'cyan',
  allocate: 'purple',
  recycle: 'geekblue',
  subaccount_deletion: 'orange',
  refund: 'volcano',
  adjustment: 'default',
};

const nowrap = { whiteSpace: 'nowrap' } as const;

/** One entry of the change record: when (UTC), what, whose balance, by how much, and the balance around it. */
export function useChangeColumns(): TableColumnsType<TrafficChange> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  const mb = (bytes: number) => formatMb(bytes, intl.locale);
  return [
    {
      key: 'time',
      dataIndex: 'time',
      title: title('usage.col.time'),
      render: (time: string) => <span style={nowrap}>{formatUtcDateTime(time)}</span>,
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: title('usage.col.kind'),
      render: (kind: TrafficChangeKind) => (
        <Tag color={kindColour[kind]} data-kind={kind}>
          <FormattedMessage id={kindText[kind]} />
        </Tag>
      ),
    },
    {
      key: 'account',
      title: title('usage.col.account'),
      render: (_value, change) => (
        <OwnerName subaccountId={change.subaccount_id} username={change.username} />
      ),
    },
    {
      key: 'amount',
      dataIndex: 'amount_bytes',
      title: title('usage.col.amount'),
      align: 'right',
      render: (bytes: number) => (
        <Typography.Text
          type={bytes > 0 ? 'success' : bytes < 0 ? 'danger' : undefined}
          strong
          data-sign={Math.sign(bytes)}
          style={{ ...nowrap, fontSize: 'inherit', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatSignedMb(bytes, intl.locale)}
        </Typography.Text>
      ),
    },
    {
      key: 'balance',
      title: title('usage.col.balance'),
      align: 'right',
      render: (_value, change) => (
        <span style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>
          {mb(change.balance_before_bytes)} → {mb(change.balance_after_bytes)}
        </span>
      ),
    },
  ];
}
