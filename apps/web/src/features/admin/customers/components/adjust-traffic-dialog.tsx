import { parseSignedGbToBytes } from '@resiport/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatSignedTraffic, formatTraffic } from '../../../../lib/format';
import { useAdjustTraffic } from '../api/customer-actions';
import { AdjustDialog } from './adjust-dialog';

interface AdjustTrafficDialogProps {
  /** `main_left_bytes`: what the main account has left, reservations included (what can be taken). */
  customer: { id: number; email: string; main_left_bytes: number };
  open: boolean;
  onClose: () => void;
}

/** POST /admin/customers/adjustTraffic: a signed amount of GB (bytes on the server) with a reason. */
export function AdjustTrafficDialog({ customer, open, onClose }: AdjustTrafficDialogProps) {
  const intl = useIntl();
  const adjust = useAdjustTraffic();
  return (
    <AdjustDialog
      open={open}
      onClose={onClose}
      spec={{
        field: 'traffic',
        title: (
          <FormattedMessage id="admin.customers.adjust.trafficTitle" values={{ email: customer.email }} />
        ),
        label: 'admin.customers.adjust.gb',
        hint: 'admin.customers.adjust.gb.hint',
        invalid: 'admin.customers.adjust.invalidGb',
        parse: parseSignedGbToBytes,
        format: (bytes) => formatTraffic(bytes, intl.locale),
        formatChange: (bytes) => formatSignedTraffic(bytes, intl.locale),
        done: 'admin.customers.adjust.doneTraffic',
        current: customer.main_left_bytes,
        pending: adjust.isPending,
        send: ({ amountText, reason, idempotencyKey }) =>
          adjust.mutateAsync({
            account_id: customer.id,
            traffic: amountText,
            reason,
            idempotency_key: idempotencyKey,
          }),
      }}
    />
  );
}
