import { centsToUsd as centsToUsdText } from '@resiport/contract';
import { Flex, Form } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { clearSavedOrderDraft, savedOrderDraft } from '../../features/orders/saved-order-draft';
import { amountParamOf } from '../../features/recharge/recharge-amount';
import { useCheckoutReturn } from '../../lib/checkout-return';
import { AddFundsCard, type AmountFormValues } from './add-funds-card';
import { BackToOrderButton, OrderResumeNotice } from './order-resume-notice';
import { PaymentOutcome } from './payment-outcome';
import { BalanceHistoryCard } from './balance-history-card';
import { RechargeRecordCard } from './recharge-record-card';

/**
 * /recharge: add funds with crypto (amount, fee and total before paying; `?amount=` prefills it),
 * the outcome of a payment when the checkout sends the browser back with `?recharge_id=`, and the
 * recharge record. A top-up for an order being placed offers the way back to that order.
 */
export default function RechargePage() {
  const [form] = Form.useForm<AmountFormValues>();
  const [searchParams] = useSearchParams();
  const { id: rechargeId, dismiss: dismissOutcome } = useCheckoutReturn('recharge_id');
  // Read once: `?amount=` only seeds the field, later edits are the user's.
  const [initialAmount] = useState(() => amountParamOf(searchParams));
  // The order left for this top-up, if any (it survives the trip to the checkout and back).
  const [forOrder, setForOrder] = useState(() => savedOrderDraft() !== undefined);
  // A paid outcome carries "Back to my order" itself: the notice saying "once it is paid, go
  // back" would be a second, stale copy of it (until the outcome is closed).
  const [paidShown, setPaidShown] = useState(false);
  const closeOutcome = () => {
    setPaidShown(false);
    dismissOutcome();
  };

  const tryAgain = (amountCents: number) => {
    form.setFieldsValue({ amount: centsToUsdText(amountCents) });
    form.validateFields(['amount']).catch(() => undefined);
    closeOutcome();
    form.focusField('amount');
  };

  return (
    <PageShell title="menu.recharge" subtitle="recharge.subtitle">
      <Flex vertical gap={16}>
        {forOrder && !(paidShown && rechargeId !== undefined) && (
          <OrderResumeNotice
            onClose={() => {
              clearSavedOrderDraft();
              setForOrder(false);
            }}
          />
        )}
        {rechargeId !== undefined && (
          <PaymentOutcome
            key={rechargeId}
            rechargeId={rechargeId}
            onTryAgain={tryAgain}
            onClose={closeOutcome}
            onPaid={setPaidShown}
            paidAction={forOrder ? <BackToOrderButton /> : undefined}
          />
        )}
        <AddFundsCard form={form} initialAmount={initialAmount} />
        <RechargeRecordCard />
        <BalanceHistoryCard />
      </Flex>
    </PageShell>
  );
}
