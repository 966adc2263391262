import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { currentUserQuery } from '../../lib/current-user';
import { CheckoutReturnNotice, type CheckNotice } from '../../components/checkout-return-notice';
import { useCheckPay } from '../../features/recharge/api/check-pay';
import { rechargeRecordKey } from '../../features/recharge/api/get-recharge-record';
import type { PaymentCheck } from '../../features/recharge/payment-check';
import type { CheckRefusal } from '../../lib/checkout-return';
import { formatUsd } from '../../lib/units';

interface PaymentOutcomeProps {
  rechargeId: number;
  /** Start a new payment of this amount (after a failed or expired one). */
  onTryAgain: (amountCents: number) => void;
  /** The user closed the notice. */
  onClose: () => void;
}

/**
 * Back from the Cryptomus checkout (`?recharge_id=`): checks the payment once and says how it
 * ended; a pending one can be checked again. Every check refreshes the balance and the record.
 */
export function PaymentOutcome({ rechargeId, onTryAgain, onClose }: PaymentOutcomeProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const usd = (cents: number) => formatUsd(cents, intl.locale);

  const check = useCheckPay(rechargeId, (result: PaymentCheck) => {
    if (result.status !== 'error') {
      const balance = result.recharge.balance_cents;
      queryClient.setQueryData(currentUserQuery.queryKey, (old) => old && { ...old, balance_cents: balance });
    }
    if (result.status === 'paid') void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: rechargeRecordKey });
  });

  const tryAgain = (amountCents: number) => (
    <Button size="small" type="primary" onClick={() => onTryAgain(amountCents)}>
      <FormattedMessage id="recharge.outcome.tryAgain" />
    </Button>
  );

  const describe = (result: Exclude<PaymentCheck, CheckRefusal>, checkAgain: ReactNode): CheckNotice => {
    const { recharge } = result;
    switch (result.status) {
      case 'paid':
        return {
          status: 'paid',
          type: 'success',
          message: (
            <FormattedMessage id="recharge.outcome.paid" values={{ amount: usd(recharge.amount_cents) }} />
          ),
          description: (
            <FormattedMessage
              id="recharge.outcome.paidHint"
              values={{ balance: usd(recharge.balance_cents) }}
            />
          ),
        };
      case 'pending':
        return {
          status: 'pending',
          type: 'info',
          message: result.msg,
          description: <FormattedMessage id="recharge.outcome.pendingHint" />,
          action: checkAgain,
        };
      case 'failed':
        return {
          status: 'failed',
          type: 'error',
          message: <FormattedMessage id="recharge.outcome.failed" />,
          description: <FormattedMessage id="recharge.outcome.failedHint" />,
          action: tryAgain(recharge.amount_cents),
        };
      case 'expired':
        return {
          status: 'expired',
          type: 'warning',
          message: <FormattedMessage id="recharge.outcome.expired" />,
          description: (
            <FormattedMessage
              id="recharge.outcome.expiredHint"
              values={{ amount: usd(recharge.total_cents) }}
            />
          ),
          action: tryAgain(recharge.amount_cents),
        };
    }
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
