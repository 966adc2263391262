import type { AdminCoupon } from '@resiport/contract';
import { Checkbox, Descriptions, Form, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUpdateCoupon, type CouponUpdateInput } from '../../features/admin/catalogue/api/save-coupon';
import { couponFieldByCode } from '../../features/admin/catalogue/catalogue-form';
import { ReasonField } from '../../features/admin/components/reason-field';
import { formatUsd } from '../../lib/format';
import { showServerFieldErrors } from '../../lib/form-errors';
import {
  CouponLimitFields,
  expiryDayOf,
  limitOf,
  limitValuesOf,
  type CouponLimitValues,
} from './coupon-limit-fields';
import { FormButtons } from '../../components/form-buttons';

interface CouponEditValues extends CouponLimitValues {
  active: boolean;
  reason: string;
}

const fields = ['expires_on', 'max_uses', 'max_uses_per_account', 'reason'];

/**
 * Changes a coupon's last day, limits or active flag; its code, discount and owner stay. Only what
 * the operator changed is sent, so an expiry set to a moment by the command line is not rewritten
 * to the end of its day by an unrelated edit.
 */
export function CouponEditForm({ coupon, onDone }: { coupon: AdminCoupon; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<CouponEditValues>();
  const update = useUpdateCoupon();
  const initial = { ...limitValuesOf(coupon), active: coupon.active };

  const submit = async (values: CouponEditValues) => {
    const change: CouponUpdateInput = { id: coupon.id, reason: values.reason.trim() };
    const expiresOn = expiryDayOf(values.expires_on);
    if (expiresOn !== expiryDayOf(initial.expires_on)) change.expires_on = expiresOn;
    const maxUses = limitOf(values.max_uses);
    if (maxUses !== initial.max_uses) change.max_uses = maxUses;
    const perAccount = limitOf(values.max_uses_per_account);
    if (perAccount !== initial.max_uses_per_account) change.max_uses_per_account = perAccount;
    if (values.active !== initial.active) change.active = values.active ? 'true' : 'false';
    try {
      await update.mutateAsync(change);
      void message.success(intl.formatMessage({ id: 'admin.catalogue.coupon.saved' }));
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error, fields, couponFieldByCode);
    }
  };

  const discount =
    coupon.kind === 'percent' ? (
      <FormattedMessage id="admin.catalogue.coupon.percentOff" values={{ percent: coupon.value }} />
    ) : (
      <FormattedMessage
        id="admin.catalogue.coupon.fixedOff"
        values={{ amount: formatUsd(coupon.value, intl.locale) }}
      />
    );
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      style={{ marginTop: 16 }}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'discount',
            label: intl.formatMessage({ id: 'admin.catalogue.coupons.col.discount' }),
            children: discount,
          },
          {
            key: 'for',
            label: intl.formatMessage({ id: 'admin.catalogue.coupons.col.for' }),
            children: coupon.account_email ?? <FormattedMessage id="admin.catalogue.coupon.everyone" />,
          },
        ]}
      />
      <CouponLimitFields />
      <Form.Item name="active" valuePropName="checked">
        <Checkbox data-testid="coupon-active">
          <FormattedMessage id="admin.catalogue.coupon.active" />
        </Checkbox>
      </Form.Item>
      <ReasonField testId="coupon-reason" />
      <FormButtons
        onCancel={onDone}
        submitting={update.isPending}
        label={<FormattedMessage id="admin.catalogue.save" />}
        testId="coupon-submit"
      />
    </Form>
  );
}
