import type { TrafficChange, TrafficChangeKind } from '@resiport/contract';
import { Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { OwnerName } from '../../features/traffic/components/owner-name';
import { UtcDateTime } from '../../components/utc-date-time';
import { formatLocalDateTimeHint, formatShownMbChange, formatUtcSpan } from '../../lib/format';
import { MbText } from '../../features/traffic/components/mb-text';
import type { MessageId } from '../../locales/types';

export const kindText: Record<TrafficChangeKind, MessageId> = {
  purchase: 'usage.kind.purchase',
  trial: 'usage.kind.trial',
  allocate: 'usage.kind.allocate',
  recycle: 'usage.kind.recycle',
  subaccount_deletion: 'usage.kind.subaccount_deletion',
  refund: 'usage.kind.refund',
  adjustment: 'usage.kind.adjustment',
  usage: 'usage.kind.usage',
};

const kindColour: Record<TrafficChangeKind, string> = {
  purchase: 'blue',
  trial: 'cyan',
  allocate: 'purple',
  recycle: 'geekblue',
  subaccount_deletion: 'orange',
  refund: 'volcano',
  adjustment: 'default',
  usage: 'red',
};

const nowrap = { whiteSpace: 'nowrap' } as const;

/** One entry of the change record: when (UTC), what, whose balance, by how much, and the balance around it. */
export function useChangeColumns(): TableColumnsType<TrafficChange> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  return [
    {
      key: 'time',
      dataIndex: 'time',
      title: title('usage.col.time'),
      // A usage row sums the gateway's traffic of a stretch of a UTC day: from its first entry to its last.
      // Shown as one span of the day (`2026-11-26 05:20–05:28 UTC`), the viewer's own times on hover.
      render: (time: string, change) =>
        change.since === null ? (
          <UtcDateTime iso={time} />
        ) : (
          <Tooltip
            title={intl.formatMessage(
              { id: 'common.localTime' },
              {
                time: `${formatLocalDateTimeHint(change.since, intl.locale)} – ${formatLocalDateTimeHint(time, intl.locale)}`,
              },
            )}
          >
            <span data-testid="usage-span" style={nowrap}>
              {formatUtcSpan(change.since, time)}
            </span>
          </Tooltip>
        ),
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
        <>
          <OwnerName subaccountId={change.subaccount_id} username={change.username} />
          {change.for_subaccounts_bytes !== 0 && (
            // The main account's usage that paid for sub-accounts past zero, so the row explains itself.
            <Typography.Text
              type="secondary"
              data-testid="usage-for-subaccounts"
              style={{ display: 'block' }}
            >
              <FormattedMessage
                id="usage.changes.forSubaccounts"
                values={{ amount: <MbText bytes={-change.for_subaccounts_bytes} /> }}
              />
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'amount',
      dataIndex: 'amount_bytes',
      title: title('usage.col.amount'),
      align: 'right',
      // The change as (shown after − shown before), so the row adds up on screen (docs/product.md#traffic-totals);
      // the exact change is on hover.
      render: (bytes: number, change) => (
        <Typography.Text
          type={bytes > 0 ? 'success' : bytes < 0 ? 'danger' : undefined}
          strong
          data-sign={Math.sign(bytes)}
          style={{ ...nowrap, fontSize: 'inherit', fontVariantNumeric: 'tabular-nums' }}
        >
          <MbText
            bytes={bytes}
            signed
            shown={formatShownMbChange(change.balance_before_bytes, change.balance_after_bytes, intl.locale)}
          />
        </Typography.Text>
      ),
    },
    {
      key: 'balance',
      title: title('usage.col.balance'),
      align: 'right',
      render: (_value, change) => (
        <span style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>
          <MbText bytes={change.balance_before_bytes} /> → <MbText bytes={change.balance_after_bytes} />
        </span>
      ),
    },
  ];
}
