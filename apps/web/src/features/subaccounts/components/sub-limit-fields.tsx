import { subLimitsFields } from '@resiport/contract';
import { DatePicker, Flex, Form, Input } from 'antd';
import { useIntl } from 'react-intl';
import { validateWith } from '../../../lib/form-rules';
import type { MessageId } from '../../../locales/types';
import { validationTexts } from '../../../lib/form-rules-localized';
import { normalizeGbText } from '../../../lib/gb-text';
import { blockArithmeticKeys } from '../../../lib/keyboard';
import { todayUtc, utcDayOf } from '../../../lib/utc-day';

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

/** A traffic cap in GB (the day's or the month's); empty means none. */
function CapItem(props: {
  name: 'daily_cap' | 'monthly_cap';
  label: MessageId;
  hint: MessageId;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <Form.Item
      name={props.name}
      label={intl.formatMessage({ id: props.label })}
      extra={intl.formatMessage({ id: props.hint })}
      rules={rules[props.name]}
      style={half}
    >
      <Input
        suffix="GB"
        inputMode="decimal"
        autoComplete="off"
        placeholder={intl.formatMessage({ id: 'sublimits.none' })}
        onKeyDown={blockArithmeticKeys}
        data-testid={props.testId}
      />
    </Form.Item>
  );
}

/**
 * A sub-account's optional limits (issue 18): traffic caps per UTC day and month in GB, its last
 * day (UTC), and connections open at once. Each left empty means no limit.
 */
export function SubLimitFields() {
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  return (
    <>
      <Flex gap={16} wrap>
        <CapItem
          name="daily_cap"
          label="sublimits.dailyCap"
          hint="sublimits.dailyCapHint"
          testId="sub-limit-daily"
        />
        <CapItem
          name="monthly_cap"
          label="sublimits.monthlyCap"
          hint="sublimits.monthlyCapHint"
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
          />
        </Form.Item>
      </Flex>
    </>
  );
}
