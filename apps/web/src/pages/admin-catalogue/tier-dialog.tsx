import { BASE_TIER_GB, type PriceTier } from '@resiport/contract';
import { Form, Input, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { useSetTier } from '../../features/admin/catalogue/api/set-tier';
import {
  catalogueRules,
  centsOf,
  tierFieldByCode,
  usdTextOf,
  wholeOf,
} from '../../features/admin/catalogue/catalogue-form';
import { ReasonField } from '../../features/admin/components/reason-field';
import { showServerFieldErrors } from '../../lib/form-errors';
import { FormButtons } from '../../components/form-buttons';

/** A new tier, or changing the price of one already there. */
export type TierDialogState = { mode: 'add' } | { mode: 'edit'; tier: PriceTier };

interface TierValues {
  min_gb: string;
  price: string;
  reason: string;
}

const fields = ['min_gb', 'price', 'reason'];

function TierForm({ editing, onDone }: { editing: PriceTier | undefined; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<TierValues>();
  const setTier = useSetTier();
  const submit = async (values: TierValues) => {
    const minGb = wholeOf(values.min_gb);
    const cents = centsOf(values.price);
    if (minGb === undefined || cents === undefined) return;
    try {
      await setTier.mutateAsync({
        min_gb: String(minGb),
        price_per_gb_cents: cents,
        reason: values.reason.trim(),
      });
      void message.success(intl.formatMessage({ id: 'admin.catalogue.tier.saved' }));
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error, fields, tierFieldByCode);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        min_gb: editing ? String(editing.min_gb) : '',
        price: editing ? usdTextOf(editing.price_per_gb_cents) : '',
      }}
      onFinish={(values) => void submit(values)}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        name="min_gb"
        label={intl.formatMessage({ id: 'admin.catalogue.tier.minGb' })}
        extra={intl.formatMessage({ id: 'admin.catalogue.tier.minGb.hint' })}
        rules={catalogueRules.whole}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          disabled={editing !== undefined}
          data-testid="tier-min-gb"
        />
      </Form.Item>
      <Form.Item
        name="price"
        label={intl.formatMessage({ id: 'admin.catalogue.tier.price' })}
        rules={catalogueRules.usd}
      >
        <Input inputMode="decimal" autoComplete="off" prefix="$" data-testid="tier-price" />
      </Form.Item>
      <ReasonField testId="tier-reason" />
      <FormButtons
        onCancel={onDone}
        submitting={setTier.isPending}
        label={<FormattedMessage id={editing ? 'admin.catalogue.save' : 'admin.catalogue.add'} />}
        testId="tier-submit"
      />
    </Form>
  );
}

/** Add a price tier or change a tier's price: the dialog around the form, a new form each opening. */
export function TierDialog({ state, onClose }: { state: TierDialogState | undefined; onClose: () => void }) {
  const editing = state?.mode === 'edit' ? state.tier : undefined;
  return (
    <FadeModal
      open={state !== undefined}
      title={
        editing ? (
          <FormattedMessage
            id={
              editing.min_gb === BASE_TIER_GB
                ? 'admin.catalogue.tier.modal.base'
                : 'admin.catalogue.tier.modal.edit'
            }
            values={{ gb: editing.min_gb }}
          />
        ) : (
          <FormattedMessage id="admin.catalogue.tier.modal.add" />
        )
      }
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      {state && (
        <TierForm key={editing ? `edit-${editing.min_gb}` : 'add'} editing={editing} onDone={onClose} />
      )}
    </FadeModal>
  );
}
