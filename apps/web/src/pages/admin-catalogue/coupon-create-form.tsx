import { adminCouponCreateBody } from '@resiport/contract';
import { Form, Input, message, Radio } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCreateCoupon } from '../../features/admin/catalogue/api/save-coupon';
import {
  catalogueRules,
  centsOf,
  couponFieldByCode,
  wholeOf,
} from '../../features/admin/catalogue/catalogue-form';
import { ReasonField } from '../../features/admin/components/reason-field';
import { showServerFieldErrors } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';
import {
  CouponLimitFields,
  expiryDayOf,
  limitOf,
  limitValuesOf,
  type CouponLimitValues,
} from './coupon-limit-fields';
import { FormButtons } from '../../components/form-buttons';

interface CouponCreateValues extends CouponLimitValues {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (a whole number) or USD, as typed. */
  value: string;
  account: string;
  reason: string;
}

const fields = ['code', 'value', 'expires_on', 'max_uses', 'max_uses_per_account', 'account', 'reason'];
const codeRules = [zodRule(adminCouponCreateBody.shape.code, validationTexts)];

/**
 * A new coupon: its code, a percent or a fixed USD discount, and optionally a last day (UTC), limits
 * and the one account it is for. The discount goes out as the contract has it: a percent, or cents.
 */
export function CouponCreateForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<CouponCreateValues>();
  const create = useCreateCoupon();
  const kind = Form.useWatch<CouponCreateValues['kind'] | undefined>('kind', form) ?? 'percent';

  const submit = async (values: CouponCreateValues) => {
    const value = values.kind === 'percent' ? wholeOf(values.value) : centsOf(values.value);
    if (value === undefined) return;
    try {
      const coupon = await create.mutateAsync({
        code: values.code.trim(),
        kind: values.kind,
        value,
        expires_on: expiryDayOf(values.expires_on),
        max_uses: limitOf(values.max_uses),
        max_uses_per_account: limitOf(values.max_uses_per_account),
        account: values.account.trim(),
        reason: values.reason.trim(),
      });
      void message.success(
        intl.formatMessage({ id: 'admin.catalogue.coupon.created' }, { code: coupon.code }),
      );
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error, fields, couponFieldByCode);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ code: '', kind: 'percent', value: '', account: '', ...limitValuesOf() }}
      onFinish={(values) => void submit(values)}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        name="code"
        label={intl.formatMessage({ id: 'admin.catalogue.coupon.code' })}
        extra={intl.formatMessage({ id: 'admin.catalogue.coupon.code.hint' })}
        rules={codeRules}
      >
        <Input autoComplete="off" spellCheck={false} maxLength={32} data-testid="coupon-code" />
      </Form.Item>
      <Form.Item name="kind" label={intl.formatMessage({ id: 'admin.catalogue.coupon.kind' })}>
        <Radio.Group
          optionType="button"
          onChange={() => form.setFields([{ name: 'value', errors: [] }])}
          options={[
            { value: 'percent', label: intl.formatMessage({ id: 'admin.catalogue.coupon.kind.percent' }) },
            { value: 'fixed', label: intl.formatMessage({ id: 'admin.catalogue.coupon.kind.fixed' }) },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="value"
        label={intl.formatMessage({
          id: kind === 'percent' ? 'admin.catalogue.coupon.percent' : 'admin.catalogue.coupon.amount',
        })}
        extra={intl.formatMessage({
          id:
            kind === 'percent' ? 'admin.catalogue.coupon.percent.hint' : 'admin.catalogue.coupon.amount.hint',
        })}
        rules={kind === 'percent' ? catalogueRules.whole : catalogueRules.usd}
      >
        <Input
          inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
          autoComplete="off"
          prefix={kind === 'fixed' ? '$' : undefined}
          suffix={kind === 'percent' ? '%' : undefined}
          data-testid="coupon-value"
        />
      </Form.Item>
      <CouponLimitFields />
      <Form.Item
        name="account"
        label={intl.formatMessage({ id: 'admin.catalogue.coupon.account' })}
        extra={intl.formatMessage({ id: 'admin.catalogue.coupon.account.hint' })}
      >
        <Input autoComplete="off" spellCheck={false} maxLength={254} data-testid="coupon-account" />
      </Form.Item>
      <ReasonField testId="coupon-reason" />
      <FormButtons
        onCancel={onDone}
        submitting={create.isPending}
        label={<FormattedMessage id="admin.catalogue.coupon.create" />}
        testId="coupon-submit"
      />
    </Form>
  );
}
