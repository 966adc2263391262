import { subEndpoints, type SubAccount } from '@resiport/contract';
import { Alert, Button, Card, Descriptions, Form, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUpdateSubSettings } from '../../features/subaccounts/api/update-sub-settings';
import { SubLimitFields } from '../../features/subaccounts/components/sub-limit-fields';
import { UsedOfLimit } from '../../features/subaccounts/components/used-of-limit';
import {
  limitFieldByCode,
  limitFields,
  limitsSentOf,
  limitValuesOf,
  type SubLimitValues,
} from '../../features/subaccounts/sub-limits';
import { showServerFieldErrors } from '../../lib/form-errors';

/**
 * POST /auth/limitsupdate: the sub-account's caps, last day and connection limit, with what the caps
 * counted so far. Saving applies at once (the gateway leases under the new caps; a new last day or
 * connection limit reconnects its clients).
 */
export function LimitsCard({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const [form] = Form.useForm<SubLimitValues>();
  const update = useUpdateSubSettings(subEndpoints.limits);

  const submit = async (values: SubLimitValues) => {
    try {
      const saved = await update.mutateAsync({ id: sub.id, ...limitsSentOf(values) });
      form.setFieldsValue(limitValuesOf(saved));
      void message.success(intl.formatMessage({ id: 'sublimits.saved' }));
    } catch (error) {
      showServerFieldErrors(form, error, limitFields, limitFieldByCode);
    }
  };

  return (
    <Card title={<FormattedMessage id="sublimits.title" />} data-testid="sub-limits-card">
      {sub.expired && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={<FormattedMessage id="sublimits.expired" />}
          description={<FormattedMessage id="sublimits.expiredHint" />}
          data-testid="sub-limits-expired"
        />
      )}
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'today',
            label: <FormattedMessage id="sublimits.usedToday" />,
            children: (
              <span data-testid="sub-limits-today">
                <UsedOfLimit used={sub.used_today_bytes} limit={sub.daily_cap_bytes} />
              </span>
            ),
          },
          {
            key: 'month',
            label: <FormattedMessage id="sublimits.usedThisMonth" />,
            children: (
              <span data-testid="sub-limits-month">
                <UsedOfLimit used={sub.used_this_month_bytes} limit={sub.monthly_cap_bytes} />
              </span>
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={limitValuesOf(sub)}
        onFinish={(values) => void submit(values)}
      >
        <SubLimitFields />
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="sub-limits-save">
          <FormattedMessage id="sublimits.save" />
        </Button>
      </Form>
    </Card>
  );
}
