import { MailOutlined } from '@ant-design/icons';
import type { PaymentReceived } from '@resiport/contract';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSite } from './site';
import { receivedText, type PaymentOutcomeKind } from '../lib/checkout-return';

/** A mail to the support address (the server's SUPPORT_EMAIL) about one payment, quoting it in the subject. */
export function useSupportMailTo(): (reference: string) => string {
  const { support_email: address } = useSite();
  return (reference) => `mailto:${address}?subject=${encodeURIComponent(reference)}`;
}

/** The next step after a payment a person must look at, and the outcomes that say nothing more. */
const nextStepText = {
  underpaid: 'payment.underpaidNext',
  paid_over: 'payment.paidOverNext',
  failed: 'payment.failedNext',
  refunded: 'payment.refundedNext',
  refund_failed: 'payment.refundFailedNext',
} as const satisfies Partial<Record<PaymentOutcomeKind, string>>;

interface PaymentFactsProps {
  kind: PaymentOutcomeKind;
  received: PaymentReceived;
  /** The invoice total, formatted. */
  due: string;
  /** What paying over added to the balance, formatted; undefined when nothing was (or could be) credited. */
  extra?: string;
  /** "top-up #12" / "order #41": what to quote when writing to support. */
  reference: string;
  /** Said first (e.g. the new balance). */
  children?: ReactNode;
}

/**
 * What arrived and what happens next, for a crypto payment that did not simply succeed (decision
 * 025): the amount the provider reports, and the support address when a person must act.
 */
export function PaymentFacts({ kind, received, due, extra, reference, children }: PaymentFactsProps) {
  const sent = receivedText(received);
  const next =
    kind === 'paid_over' && extra !== undefined
      ? 'payment.paidOverCreditedNext'
      : kind in nextStepText
        ? nextStepText[kind as keyof typeof nextStepText]
        : undefined;
  const { support_email: address } = useSite();
  const supportMailTo = useSupportMailTo();
  const email = (
    <a key="email" href={supportMailTo(reference)} data-testid="support-email">
      {address}
    </a>
  );
  return (
    <Flex vertical gap={4}>
      {children}
      {sent !== undefined && (
        <span data-testid="payment-received">
          <FormattedMessage id="payment.received" values={{ received: sent, due }} />
        </span>
      )}
      {next !== undefined && (
        <span>
          <FormattedMessage id={next} values={{ email, ref: reference, extra }} />
        </span>
      )}
    </Flex>
  );
}

/** "Contact support": a mail to the support address about this payment. */
export function ContactSupportButton({ reference }: { reference: string }) {
  const supportMailTo = useSupportMailTo();
  return (
    <Button size="small" icon={<MailOutlined />} href={supportMailTo(reference)}>
      <FormattedMessage id="payment.contact" />
    </Button>
  );
}
