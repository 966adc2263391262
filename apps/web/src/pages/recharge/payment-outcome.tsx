import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type AlertProps } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { currentUserQuery } from '../../app/current-user';
import { useCheckPay } from '../../features/recharge/api/check-pay';
import { rechargeRecordKey } from '../../features/recharge/api/get-recharge-record';
import { isTransient, type PaymentCheck } from '../../features/recharge/payment-check';
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

  const checkAgain = (
    <Button
      size="small"
      icon={<ReloadOutlined />}
      loading={check.isFetching}
      onClick={() => void check.refetch()}
      data-testid="recharge-check-again"
    >
      <FormattedMessage id="recharge.outcome.checkAgain" />
    </Button>
  );
  const tryAgain = (amountCents: number) => (
    <Button size="small" type="primary" onClick={() => onTryAgain(amountCents)}>
      <FormattedMessage id="recharge.outcome.tryAgain" />
    </Button>
  );

  const notice = (
    status: string,
    type: AlertProps['type'],
    message: ReactNode,
    description?: ReactNode,
    action?: ReactNode,
    icon?: ReactNode,
  ) => (
    <Alert
      data-testid="recharge-outcome"
      data-status={status}
      type={type}
      showIcon
      icon={icon}
      message={message}
      description={description}
      action={action}
      closable={status !== 'checking'}
      afterClose={onClose}
    />
  );

  const result = check.data;
  if (result === undefined) {
    if (check.isError) {
      return notice(
        'error',
        'error',
        <FormattedMessage id="recharge.outcome.error" />,
        check.error.message,
        checkAgain,
      );
    }
    return notice(
      'checking',
      'info',
      <FormattedMessage id="recharge.outcome.checking" />,
      undefined,
      undefined,
      <LoadingOutlined />,
    );
  }

  switch (result.status) {
    case 'paid':
      return notice(
        'paid',
        'success',
        <FormattedMessage
          id="recharge.outcome.paid"
          values={{ amount: usd(result.recharge.amount_cents) }}
        />,
        <FormattedMessage
          id="recharge.outcome.paidHint"
          values={{ balance: usd(result.recharge.balance_cents) }}
        />,
      );
    case 'pending':
      return notice(
        'pending',
        'info',
        result.msg,
        <FormattedMessage id="recharge.outcome.pendingHint" />,
        checkAgain,
      );
    case 'failed':
      return notice(
        'failed',
        'error',
        <FormattedMessage id="recharge.outcome.failed" />,
        <FormattedMessage id="recharge.outcome.failedHint" />,
        tryAgain(result.recharge.amount_cents),
      );
    case 'expired':
      return notice(
        'expired',
        'warning',
        <FormattedMessage id="recharge.outcome.expired" />,
        <FormattedMessage
          id="recharge.outcome.expiredHint"
          values={{ amount: usd(result.recharge.total_cents) }}
        />,
        tryAgain(result.recharge.amount_cents),
      );
    case 'error':
      // Asking again helps when the provider or the server had a moment, not for someone else's top-up.
      return notice(
        'error',
        'error',
        <FormattedMessage id="recharge.outcome.error" />,
        result.msg,
        isTransient(result.code) ? checkAgain : undefined,
      );
  }
}
