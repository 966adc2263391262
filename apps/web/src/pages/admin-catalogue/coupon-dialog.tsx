import type { AdminCoupon } from '@resiport/contract';
import { FormattedMessage } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { CouponCreateForm } from './coupon-create-form';
import { CouponEditForm } from './coupon-edit-form';

/** A new coupon, or changing one. */
export type CouponDialogState = { mode: 'add' } | { mode: 'edit'; coupon: AdminCoupon };

/** Create or edit a coupon: the dialog around the form, a new form each opening. */
export function CouponDialog({
  state,
  onClose,
}: {
  state: CouponDialogState | undefined;
  onClose: () => void;
}) {
  const editing = state?.mode === 'edit' ? state.coupon : undefined;
  return (
    <FadeModal
      open={state !== undefined}
      title={
        editing ? (
          <FormattedMessage id="admin.catalogue.coupon.modal.edit" values={{ code: editing.code }} />
        ) : (
          <FormattedMessage id="admin.catalogue.coupon.modal.add" />
        )
      }
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      {state &&
        (editing ? (
          <CouponEditForm key={`edit-${editing.id}`} coupon={editing} onDone={onClose} />
        ) : (
          <CouponCreateForm key="add" onDone={onClose} />
        ))}
    </FadeModal>
  );
}
