import type { PaymentDetail, PaymentReceived } from '@resiport/contract';
import { MailOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { paymentOutcomeKind, receivedText, type PaymentOutcomeKind } from '../lib/checkout-return';
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

/** Outcomes a person must look at: the row keeps a way to support after the notice is gone. */
const needsSupport: ReadonlySet<PaymentOutcomeKind> = new Set(['underpaid', 'paid_over', 'refund_failed']);

/** The detail line that also says what arrived, when the amount matters (decision 026). */
function detailWithReceived(status: PaymentStatus, detail: PaymentDetail): MessageId | undefined {
  if (detail === 'paid_over') return 'payment.row.paidOver';
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
  /** "top-up #12" / "order #41": the subject of a mail to support. */
  reference: string;
}

/**
 * A list row's status: the coloured tag, the provider's detail beside it ("underpaid: 10.30 USDT
 * received, under review") and, when a person must act, a link to write to support about it.
 * `data-status` / `data-detail` carry the raw values for tests.
 */
export function PaymentStatusCell({ status, text, detail, received, reference }: PaymentStatusCellProps) {
  const supportMailTo = useSupportMailTo();
  const tag = (
    <Tag color={paymentStatusColor[status]} data-status={status} data-detail={detail ?? ''}>
      <FormattedMessage id={text} />
    </Tag>
  );
  if (detail === null) return tag;
  const sent = receivedText(received);
  const withReceived = detailWithReceived(status, detail);
  const support = needsSupport.has(paymentOutcomeKind(status, detail));
  return (
    <Flex vertical align="start" gap={2}>
      {tag}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="payment-row-detail">
        {sent !== undefined && withReceived !== undefined ? (
          <FormattedMessage id={withReceived} values={{ received: sent }} />
        ) : (
          <FormattedMessage id={`payment.detail.${detail}`} />
        )}
      </Typography.Text>
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
