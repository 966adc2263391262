import { CreditCardOutlined, SyncOutlined } from '@ant-design/icons';
import type { RechargeRecord } from '@resiport/contract';
import { Button, Flex, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { PaymentStatusCell } from '../../components/payment-status';
import { ReceiptActions } from '../../features/receipts/components/receipt-actions';
import { UtcDateTime } from '../../components/utc-date-time';
import { rechargeHasReceipt } from '@resiport/contract';
import { payableRechargeCheckout, type RechargeStatus } from '../../features/recharge/payment-check';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const statusText: Record<RechargeStatus, MessageId> = {
  unpaid: 'recharge.status.unpaid',
  paid: 'recharge.status.paid',
  cancelled: 'recharge.status.cancelled',
  refunded: 'recharge.status.refunded',
};

interface RechargeColumnsOptions {
  /** "Check payment" on an unpaid top-up. */
  onCheck: (recharge: RechargeRecord) => void;
  /** The top-up being checked right now (its button spins). */
  checkingId: number | undefined;
  /** Only a page with an unpaid or a paid top-up (its receipt) needs the actions column. */
  withActions: boolean;
}

/** The product's status as a tag, the provider's detail and what arrived beside it (decision 026). */
export function RechargeStatusCell({ recharge }: { recharge: RechargeRecord }) {
  const intl = useIntl();
  return (
    <PaymentStatusCell
      status={recharge.status}
      text={statusText[recharge.status]}
      detail={recharge.payment_detail}
      received={recharge.payment_received}
      extraCents={recharge.payment_extra_cents}
      reference={intl.formatMessage({ id: 'payment.ref.recharge' }, { id: recharge.id })}
    />
  );
}

/** The recharge record's columns: what was asked, what was paid (only once paid), status, times. */
export function useRechargeColumns({
  onCheck,
  checkingId,
  withActions,
}: RechargeColumnsOptions): TableColumnsType<RechargeRecord> {
  const intl = useIntl();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const title = (id: MessageId) => intl.formatMessage({ id });

  // Last and pinned to the right edge, so a table wider than its card keeps its buttons in view.
  const actions: TableColumnsType<RechargeRecord>[number] = {
    key: 'actions',
    fixed: 'right',
    title: title('recharge.col.actions'),
    render: (_value, recharge) => {
      const checkout = payableRechargeCheckout(recharge);
      if (checkout === undefined) {
        return rechargeHasReceipt(recharge) ? <ReceiptActions kind="recharge" id={recharge.id} /> : null;
      }
      return (
        <Flex gap={4} wrap>
          <Button size="small" type="primary" icon={<CreditCardOutlined />} href={checkout}>
            <FormattedMessage id="recharge.action.pay" />
          </Button>
          <Button
            size="small"
            icon={<SyncOutlined />}
            loading={checkingId === recharge.id}
            onClick={() => onCheck(recharge)}
            data-testid="recharge-check-pay"
          >
            <FormattedMessage id="recharge.action.check" />
          </Button>
        </Flex>
      );
    },
  };

  return [
    {
      // The number payment notices and mails quote ("top-up #3").
      key: 'id',
      dataIndex: 'id',
      title: title('recharge.col.id'),
      render: (id: number) => <span data-testid="recharge-id">#{id}</span>,
    },
    {
      key: 'amount',
      dataIndex: 'amount_cents',
      title: title('recharge.col.amount'),
      align: 'right',
      render: usd,
    },
    { key: 'fee', dataIndex: 'fee_cents', title: title('recharge.col.fee'), align: 'right', render: usd },
    {
      key: 'total',
      dataIndex: 'total_cents',
      title: title('recharge.col.total'),
      align: 'right',
      // Money counts as paid only once the top-up is paid: an expired invoice cost nothing.
      render: (cents: number, recharge) => (recharge.status === 'paid' ? usd(cents) : '—'),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: title('recharge.col.status'),
      render: (_status: RechargeStatus, recharge) => <RechargeStatusCell recharge={recharge} />,
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('recharge.col.created'),
      render: (value: string) => <UtcDateTime iso={value} />,
    },
    {
      key: 'paid',
      dataIndex: 'paid_at',
      title: title('recharge.col.paid'),
      render: (value: string | null) => (value === null ? '—' : <UtcDateTime iso={value} />),
    },
    ...(withActions ? [actions] : []),
  ];
}
