import { DatePicker, Flex, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from 'react-intl';
import { catalogueRules, wholeOf } from '../../features/admin/catalogue/catalogue-form';
import { todayUtc, utcDayOf } from '../../lib/utc-day';

/** What the expiry and limit fields hold: a picked day (a calendar date read as UTC) and typed numbers. */
export interface CouponLimitValues {
  expires_on: Dayjs | null;
  max_uses: string;
  max_uses_per_account: string;
}

/** The UTC day (`YYYY-MM-DD`) the picker shows, or '' for none (no expiry). */
export const expiryDayOf = utcDayOf;

/** A limit as sent: '' for none, else the whole number typed. */
export const limitOf = (text: string | undefined): string => {
  const whole = wholeOf(text);
  return whole === undefined ? '' : String(whole);
};

/** The form's values for a coupon's current expiry and limits. */
export function limitValuesOf(coupon?: {
  expires_at: string | null;
  max_uses: number | null;
  max_uses_per_account: number | null;
}): CouponLimitValues {
  return {
    // The UTC calendar day of the expiry, shown as that same date whatever the browser's zone.
    expires_on: coupon?.expires_at ? dayjs(coupon.expires_at.slice(0, 10), 'YYYY-MM-DD') : null,
    max_uses: coupon?.max_uses === null || coupon === undefined ? '' : String(coupon.max_uses),
    max_uses_per_account:
      coupon?.max_uses_per_account === null || coupon === undefined
        ? ''
        : String(coupon.max_uses_per_account),
  };
}

/** The last day (UTC) a coupon works, how many uses in all and per account; each may be left empty. */
export function CouponLimitFields() {
  const intl = useIntl();
  return (
    <>
      <Form.Item
        name="expires_on"
        label={intl.formatMessage({ id: 'admin.catalogue.coupon.expires' })}
        extra={intl.formatMessage({ id: 'admin.catalogue.coupon.expires.hint' })}
      >
        <DatePicker
          format="YYYY-MM-DD"
          allowClear
          style={{ width: '100%' }}
          // Days before today (UTC) cannot be picked: the coupon would be over before it starts.
          disabledDate={(day) => expiryDayOf(day) < todayUtc()}
          data-testid="coupon-expires"
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="max_uses"
          label={intl.formatMessage({ id: 'admin.catalogue.coupon.maxUses' })}
          extra={intl.formatMessage({ id: 'admin.catalogue.coupon.noLimit' })}
          rules={catalogueRules.optionalWhole}
          style={{ flex: '1 1 160px' }}
        >
          <Input inputMode="numeric" autoComplete="off" data-testid="coupon-max-uses" />
        </Form.Item>
        <Form.Item
          name="max_uses_per_account"
          label={intl.formatMessage({ id: 'admin.catalogue.coupon.perAccountLimit' })}
          extra={intl.formatMessage({ id: 'admin.catalogue.coupon.noLimit' })}
          rules={catalogueRules.optionalWhole}
          style={{ flex: '1 1 160px' }}
        >
          <Input inputMode="numeric" autoComplete="off" data-testid="coupon-per-account" />
        </Form.Item>
      </Flex>
    </>
  );
}
