import { centsToUsd as centsToUsdText } from '@resiport/contract';
import { Flex, Form } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { amountParamOf } from '../../features/recharge/recharge-amount';
import { useCheckoutReturn } from '../../lib/checkout-return';
import { AddFundsCard, type AmountFormValues } from './add-funds-card';
import { PaymentOutcome } from './payment-outcome';
import { RechargeRecordCard } from './recharge-record-card';

/**
 * /recharge: add funds with crypto (amount, fee and total before paying; `?amount=` prefills it),
 * the outcome of a payment when the checkout sends the browser back with `?recharge_id=`, and the
 * recharge record.
 */
export default function RechargePage() {
  const [form] = Form.useForm<AmountFormValues>();
  const [searchParams] = useSearchParams();
  const { id: rechargeId, dismiss: dismissOutcome } = useCheckoutReturn('recharge_id');
  // Read once: `?amount=` only seeds the field, later edits are the user's.
  const [initialAmount] = useState(() => amountParamOf(searchParams));

  const tryAgain = (amountCents: number) => {
    form.setFieldsValue({ amount: centsToUsdText(amountCents) });
    form.validateFields(['amount']).catch(() => undefined);
    dismissOutcome();
    form.focusField('amount');
  };

  return (
    <PageShell title="menu.recharge" subtitle="recharge.subtitle">
      <Flex vertical gap={16}>
        {rechargeId !== undefined && (
          <PaymentOutcome
            key={rechargeId}
            rechargeId={rechargeId}
            onTryAgain={tryAgain}
            onClose={dismissOutcome}
          />
        )}
        <AddFundsCard form={form} initialAmount={initialAmount} />
        <RechargeRecordCard />
      </Flex>
    </PageShell>
  );
}
