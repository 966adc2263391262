import { subEndpoints, subRefillBody, type SubAccount } from '@resiport/contract';
import { Alert, Button, Card, Flex, Form, message, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUpdateSubSettings } from '../../features/subaccounts/api/update-sub-settings';
import { GbItem } from '../../features/subaccounts/components/gb-item';
import { UsedOfLimit } from '../../features/subaccounts/components/used-of-limit';
import {
  REFILL_OFF,
  refillFields,
  refillSentOf,
  refillValuesOf,
  type SubRefillValues,
} from '../../features/subaccounts/sub-refill';
import { showServerFieldErrors } from '../../lib/form-errors';
import { textForIssue } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';

/** The whole setting checked as the server checks it; each field shows the issues about itself. */
const settingRule = (field: keyof SubRefillValues) => (form: { getFieldsValue: () => SubRefillValues }) => ({
  validator: async () => {
    const result = subRefillBody.safeParse({ id: 1, ...refillSentOf(form.getFieldsValue()) });
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    if (issue) throw new Error(textForIssue(issue.message, validationTexts));
  },
});

const otherFields = (field: keyof SubRefillValues) => refillFields.filter((f) => f !== field);

/**
 * POST /auth/refillupdate: keeps the sub-account topped up from the main account — below a
 * threshold, an amount, at most so much per UTC day. Saved below the threshold, it refills at once.
 */
export function RefillCard({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const [form] = Form.useForm<SubRefillValues>();
  const update = useUpdateSubSettings(subEndpoints.refill);
  const on = sub.refill_below_bytes !== null;

  const save = async (values: SubRefillValues) => {
    try {
      const saved = await update.mutateAsync({ id: sub.id, ...refillSentOf(values) });
      form.setFieldsValue(refillValuesOf(saved));
      const off = saved.refill_below_bytes === null;
      void message.success(intl.formatMessage({ id: off ? 'subrefill.turnedOff' : 'subrefill.saved' }));
    } catch (error) {
      showServerFieldErrors(form, error, refillFields);
    }
  };

  return (
    <Card title={<FormattedMessage id="subrefill.title" />} data-testid="sub-refill-card">
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="subrefill.explain" />
      </Typography.Paragraph>
      {sub.refill_stopped && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={<FormattedMessage id="subrefill.stopped" />}
          description={<FormattedMessage id="subrefill.stoppedHint" />}
          data-testid="sub-refill-stopped"
        />
      )}
      {on && (
        <Typography.Paragraph data-testid="sub-refill-today">
          <FormattedMessage id="subrefill.today" />{' '}
          <UsedOfLimit used={sub.refilled_today_bytes} limit={sub.refill_daily_max_bytes} />
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={refillValuesOf(sub)}
        onFinish={(v) => void save(v)}
      >
        <Flex gap={16} wrap>
          <GbItem
            name="refill_below"
            label="subrefill.below"
            hint="subrefill.belowHint"
            rules={[settingRule('refill_below')]}
            dependencies={otherFields('refill_below')}
            testId="sub-refill-below"
          />
          <GbItem
            name="refill_amount"
            label="subrefill.amount"
            hint="subrefill.amountHint"
            rules={[settingRule('refill_amount')]}
            dependencies={otherFields('refill_amount')}
            testId="sub-refill-amount"
          />
          <GbItem
            name="refill_daily_max"
            label="subrefill.dailyMax"
            hint="subrefill.dailyMaxHint"
            rules={[settingRule('refill_daily_max')]}
            dependencies={otherFields('refill_daily_max')}
            testId="sub-refill-max"
          />
        </Flex>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="sub-refill-save">
            <FormattedMessage id="subrefill.save" />
          </Button>
          {on && (
            <Button
              onClick={() => void save(REFILL_OFF)}
              disabled={update.isPending}
              data-testid="sub-refill-off"
            >
              <FormattedMessage id="subrefill.turnOff" />
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
