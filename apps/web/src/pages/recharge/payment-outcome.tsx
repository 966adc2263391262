import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { currentUserQuery } from '../../lib/current-user';
import { CheckoutReturnNotice, type CheckNotice } from '../../components/checkout-return-notice';
import { ContactSupportButton, PaymentFacts } from '../../components/payment-facts';
import { useCheckPay } from '../../features/recharge/api/check-pay';
import { rechargeRecordKey } from '../../features/recharge/api/get-recharge-record';
import type { PaymentCheck } from '../../features/recharge/payment-check';
import { paymentOutcomeKind, type CheckRefusal, type PaymentOutcomeKind } from '../../lib/checkout-return';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

interface PaymentOutcomeProps {
  rechargeId: number;
  /** Start a new payment of this amount (after a failed or expired one). */
  onTryAgain: (amountCents: number) => void;
  /** The user closed the notice. */
  onClose: () => void;
  /** Shown with a paid top-up, e.g. "Back to my order" when the top-up was for one. */
  paidAction?: ReactNode;
  /** Every settled check says whether the top-up is now paid (the page drops what that replaces). */
  onPaid?: (paid: boolean) => void;
}

/** The headline of every way a top-up can end but paid and pending, and whether to offer a new try. */
const closedNotice: Record<
  Exclude<PaymentOutcomeKind, 'paid' | 'paid_over' | 'pending'>,
  { type: CheckNotice['type']; message: MessageId; retry: boolean }
> = {
  underpaid: { type: 'warning', message: 'recharge.outcome.underpaid', retry: false },
  expired: { type: 'warning', message: 'recharge.outcome.expired', retry: true },
  failed: { type: 'error', message: 'recharge.outcome.failed', retry: true },
  refunded: { type: 'info', message: 'recharge.outcome.refunded', retry: true },
  refund_failed: { type: 'error', message: 'recharge.outcome.refundFailed', retry: false },
  cancelled: { type: 'warning', message: 'recharge.outcome.cancelled', retry: true },
};

/**
 * Back from the Cryptomus checkout (`?recharge_id=`): checks the payment once and says how it
 * ended, with what arrived and what happens next (decision 026); a pending one can be checked
 * again. Every check refreshes the balance and the record.
 */
export function PaymentOutcome(props: PaymentOutcomeProps) {
  const { rechargeId, onTryAgain, onClose, paidAction, onPaid } = props;
  const intl = useIntl();
  const queryClient = useQueryClient();
  const usd = (cents: number) => formatUsd(cents, intl.locale);

  const check = useCheckPay(rechargeId, (result: PaymentCheck) => {
    if (result.status !== 'error') {
      const balance = result.recharge.balance_cents;
      queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, balance_cents: balance });
    }
    if (result.status === 'paid') void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    onPaid?.(result.status === 'paid');
    void queryClient.invalidateQueries({ queryKey: rechargeRecordKey });
  });

  const describe = (result: Exclude<PaymentCheck, CheckRefusal>, checkAgain: ReactNode): CheckNotice => {
    const { recharge } = result;
    const kind = paymentOutcomeKind(recharge.status, recharge.payment_detail);
    const reference = intl.formatMessage({ id: 'payment.ref.recharge' }, { id: recharge.id });
    const facts = (lead?: ReactNode) => (
      <PaymentFacts
        kind={kind}
        received={recharge.payment_received}
        due={usd(recharge.total_cents)}
        extra={recharge.payment_extra_cents > 0 ? usd(recharge.payment_extra_cents) : undefined}
        reference={reference}
      >
        {lead}
      </PaymentFacts>
    );
    if (kind === 'paid' || kind === 'paid_over') {
      return {
        status: kind,
        type: 'success',
        message: (
          <FormattedMessage
            id="recharge.outcome.paid"
            values={{ amount: usd(recharge.amount_cents + recharge.payment_extra_cents) }}
          />
        ),
        description: facts(
          <FormattedMessage
            id="recharge.outcome.paidHint"
            values={{ balance: usd(recharge.balance_cents) }}
          />,
        ),
        action: paidAction,
      };
    }
    if (kind === 'pending') {
      return {
        status: 'pending',
        type: 'info',
        message: result.msg,
        description: <FormattedMessage id="recharge.outcome.pendingHint" />,
        action: checkAgain,
      };
    }
    const notice = closedNotice[kind];
    const lead =
      kind === 'expired' ? (
        <FormattedMessage id="recharge.outcome.expiredHint" values={{ amount: usd(recharge.total_cents) }} />
      ) : kind === 'failed' || kind === 'cancelled' ? (
        <FormattedMessage id="recharge.outcome.failedHint" />
      ) : undefined;
    return {
      status: kind,
      type: notice.type,
      message: <FormattedMessage id={notice.message} />,
      description: facts(lead),
      action: notice.retry ? (
        <Button size="small" type="primary" onClick={() => onTryAgain(recharge.amount_cents)}>
          <FormattedMessage id="recharge.outcome.tryAgain" />
        </Button>
      ) : (
        <ContactSupportButton reference={reference} />
      ),
    };
  };

  return (
    <CheckoutReturnNotice
      testId="recharge"
      check={check}
      texts={{
        checking: <FormattedMessage id="recharge.outcome.checking" />,
        failed: <FormattedMessage id="recharge.outcome.error" />,
        checkAgain: <FormattedMessage id="recharge.outcome.checkAgain" />,
      }}
      describe={describe}
      onClose={onClose}
    />
  );
}
