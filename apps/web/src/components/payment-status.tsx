import type { PaymentDetail, PaymentReceived } from '@resiport/contract';
import { MailOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { paymentOutcomeKind, receivedText, type PaymentOutcomeKind } from '../lib/checkout-return';
import { formatUsd } from '../lib/format';
import type { MessageId } from '../locales/types';
import { useSupportMailTo } from './payment-facts';

/** The product's statuses (docs/product.md#payment-status), shared by orders and top-ups. */
export type PaymentStatus = 'unpaid' | 'paid' | 'cancelled' | 'refunded';

/** One colour per status in every list, so "Unpaid" reads the same on orders and top-ups. */
export const paymentStatusColor: Record<PaymentStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  cancelled: 'default',
  refunded: 'purple',
};

/**
 * Outcomes a person must look at: the row keeps the reference and a way to support after the notice
 * is gone. A paid-over payment only when its extra could not be credited.
 */
function needsSupport(kind: PaymentOutcomeKind, extraCents: number): boolean {
  return kind === 'underpaid' || kind === 'refund_failed' || (kind === 'paid_over' && extraCents === 0);
}

/** The detail line that also says what arrived, when the amount matters (decision 026). */
function detailWithReceived(
  status: PaymentStatus,
  detail: PaymentDetail,
  extraCents: number,
): MessageId | undefined {
  if (detail === 'paid_over') return extraCents > 0 ? 'payment.row.paidOverCredited' : 'payment.row.paidOver';
  // An operator credited what arrived of a short or late payment (docs/product.md#operator-console).
  if (detail === 'credited') return 'payment.row.credited';
  if (detail !== 'underpaid') return undefined;
  return status === 'unpaid' ? 'payment.row.underpaidSoFar' : 'payment.row.underpaid';
}

interface PaymentStatusCellProps {
  status: PaymentStatus;
  /** The status's words (orders and top-ups have their own keys). */
  text: MessageId;
  detail: PaymentDetail | null;
  received: PaymentReceived;
  /** What paying over added to the balance, in cents (0 otherwise). */
  extraCents: number;
  /** "top-up #12" / "order #41": the subject of a mail to support. */
  reference: string;
}

/**
 * A closed payment that received money reads as its own status (the API keeps `cancelled` with the
 * detail): "Underpaid" waits for a person, "Credited" is what an operator credited of it — neither is void.
 */
const receivedStatus: Partial<Record<PaymentDetail, { text: MessageId; color: string }>> = {
  underpaid: { text: 'payment.status.underpaid', color: 'orange' },
  credited: { text: 'payment.status.credited', color: 'cyan' },
};

/**
 * A list row's status: the coloured tag, the provider's detail beside it ("underpaid: 10.30 USDT
 * received, under review") and, when a person must act, a link to write to support about it.
 * `data-status` / `data-detail` carry the raw values for tests.
 */
export function PaymentStatusCell(props: PaymentStatusCellProps) {
  const { status, text, detail, received, extraCents, reference } = props;
  const intl = useIntl();
  const supportMailTo = useSupportMailTo();
  const own = status === 'cancelled' && detail !== null ? receivedStatus[detail] : undefined;
  const tag = (
    <Tag color={own?.color ?? paymentStatusColor[status]} data-status={status} data-detail={detail ?? ''}>
      <FormattedMessage id={own?.text ?? text} />
    </Tag>
  );
  if (detail === null) return tag;
  const sent = receivedText(received);
  const withReceived = detailWithReceived(status, detail, extraCents);
  const support = needsSupport(paymentOutcomeKind(status, detail), extraCents);
  const extra = formatUsd(extraCents, intl.locale);
  return (
    // Narrow, so a long detail wraps instead of widening the table past its card.
    <Flex vertical align="start" gap={2} style={{ maxWidth: 240 }}>
      {tag}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="payment-row-detail">
        {sent !== undefined && withReceived !== undefined ? (
          <FormattedMessage id={withReceived} values={{ received: sent, extra }} />
        ) : (
          <FormattedMessage id={`payment.detail.${detail}`} />
        )}
      </Typography.Text>
      {support && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="payment-row-reference">
          <FormattedMessage id="payment.row.reference" values={{ ref: reference }} />
        </Typography.Text>
      )}
      {support && (
        <Typography.Link href={supportMailTo(reference)} style={{ fontSize: 12 }}>
          <MailOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
          <span>
            <FormattedMessage id="payment.contact" />
          </span>
        </Typography.Link>
      )}
    </Flex>
  );
}
