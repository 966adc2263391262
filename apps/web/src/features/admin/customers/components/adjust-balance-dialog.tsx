import { parseSignedUsdToCents } from '@resiport/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatUsd } from '../../../../lib/format';
import { useAdjustBalance } from '../api/customer-actions';
import { AdjustDialog } from './adjust-dialog';

interface AdjustBalanceDialogProps {
  customer: { id: number; email: string; balance_cents: number };
  open: boolean;
  onClose: () => void;
}

/** POST /admin/customers/adjustBalance: a signed USD amount (cents on the server) with a reason. */
export function AdjustBalanceDialog({ customer, open, onClose }: AdjustBalanceDialogProps) {
  const intl = useIntl();
  const adjust = useAdjustBalance();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  return (
    <AdjustDialog
      open={open}
      onClose={onClose}
      spec={{
        field: 'amount',
        title: (
          <FormattedMessage id="admin.customers.adjust.balanceTitle" values={{ email: customer.email }} />
        ),
        label: 'admin.customers.adjust.usd',
        hint: 'admin.customers.adjust.usd.hint',
        invalid: 'admin.customers.adjust.invalidUsd',
        parse: parseSignedUsdToCents,
        format: usd,
        formatChange: (cents) => `${cents > 0 ? '+' : ''}${usd(cents)}`,
        done: 'admin.customers.adjust.doneBalance',
        current: customer.balance_cents,
        pending: adjust.isPending,
        send: ({ amountText, reason, idempotencyKey }) =>
          adjust.mutateAsync({
            account_id: customer.id,
            amount: amountText,
            reason,
            idempotency_key: idempotencyKey,
          }),
      }}
    />
  );
}
