import { subLimitsFields } from '@resiport/contract';
import { DatePicker, Flex, Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { validateWith } from '../../../lib/form-rules';
import { blockNonDigitKeys } from '../../../lib/keyboard';
import type { MessageId } from '../../../locales/types';
import { validationTexts } from '../../../lib/form-rules-localized';
import { normalizeGbText } from '../../../lib/gb-text';
import { todayUtc, utcDayOf } from '../../../lib/utc-day';
import { GbItem } from './gb-item';

/** A rule from the contract's field schema, on the value as it will be sent (a decimal comma read as a point). */
const ruleOf = (
  schema: (typeof subLimitsFields)[keyof typeof subLimitsFields],
  normalize = normalizeGbText,
) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    const problem = validateWith(schema, normalize(value), validationTexts);
    if (problem !== undefined) throw new Error(problem);
  },
});

const rules = {
  daily_cap: [ruleOf(subLimitsFields.daily_cap)],
  monthly_cap: [ruleOf(subLimitsFields.monthly_cap)],
  max_connections: [ruleOf(subLimitsFields.max_connections, (v) => (v ?? '').trim())],
};

const half = { flex: '1 1 200px', minWidth: 0 } as const;

/**
 * A sub-account's optional limits (docs/product.md#sub-account-limits): traffic caps per UTC day and month in GB, its last
 * day (UTC), and connections open at once. Each left empty means no limit.
 */
export function SubLimitFields() {
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  return (
    <>
      <Flex gap={16} wrap>
        <GbItem
          name="daily_cap"
          label="sublimits.dailyCap"
          hint="sublimits.dailyCapHint"
          rules={rules.daily_cap}
          placeholder="sublimits.none"
          testId="sub-limit-daily"
        />
        <GbItem
          name="monthly_cap"
          label="sublimits.monthlyCap"
          hint="sublimits.monthlyCapHint"
          rules={rules.monthly_cap}
          placeholder="sublimits.none"
          testId="sub-limit-monthly"
        />
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item
          name="expires_on"
          label={text('sublimits.expiresOn')}
          extra={text('sublimits.expiresOnHint')}
          style={half}
        >
          <DatePicker
            format="YYYY-MM-DD"
            allowClear
            placeholder={text('sublimits.never')}
            style={{ width: '100%' }}
            // A day before today (UTC) would stop it at once: disabling does that.
            disabledDate={(day) => utcDayOf(day) < todayUtc()}
            data-testid="sub-limit-expires"
          />
        </Form.Item>
        <Form.Item
          name="max_connections"
          label={text('sublimits.maxConnections')}
          extra={text('sublimits.maxConnectionsHint')}
          rules={rules.max_connections}
          style={half}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder={text('sublimits.none')}
            data-testid="sub-limit-connections"
            // A count of connections: the keys of arithmetic, exponents and decimals do nothing.
            onKeyDown={blockNonDigitKeys}
          />
        </Form.Item>
      </Flex>
    </>
  );
}
