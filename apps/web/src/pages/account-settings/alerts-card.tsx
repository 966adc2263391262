import { alertSettingsBody, type AlertSettings } from '@resiport/contract';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, message, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailed } from '../../components/load-failed';
import { PageLoading } from '../../components/page-loading';
import { useAlerts, useSaveAlerts, useSendTestAlert } from '../../features/alerts/api/alerts';
import {
  alertFormFields,
  alertSentOf,
  alertValuesOf,
  type AlertFormValues,
} from '../../features/alerts/alert-form';
import { GbItem } from '../../features/subaccounts/components/gb-item';
import { useCurrentUser } from '../../lib/current-user';
import { showServerFieldErrors } from '../../lib/form-errors';
import { textForIssue } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';
import { AlertDeliveryLog } from './alert-delivery-log';
import { WebhookSecret } from './webhook-secret';

/** A field checked as the server checks the whole setting; the field shows the issues about itself. */
const fieldRule =
  (field: keyof AlertFormValues) => (form: { getFieldsValue: (all: true) => AlertFormValues }) => ({
    validator: async () => {
      const result = alertSettingsBody.safeParse(alertSentOf(form.getFieldsValue(true)));
      const issue = result.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(textForIssue(issue.message, validationTexts));
    },
  });

const eventSwitches = [
  ['on_payment', 'alerts.onPayment'],
  ['on_order', 'alerts.onOrder'],
  ['on_refill', 'alerts.onRefill'],
] as const;

const hasChannel = (s: AlertSettings) => s.email_enabled || s.webhook_url !== null;

/**
 * GET/POST /user/alerts…: where alerts go (email, a signed webhook), when they fire (sub-account
 * usage %, main account low or empty, low balance) and which events to send; a test; the log.
 */
export function AlertsCard() {
  const alerts = useAlerts();
  return (
    <Card title={<FormattedMessage id="alerts.title" />} data-testid="alerts-card">
      {alerts.isPending ? (
        <PageLoading />
      ) : alerts.isError ? (
        <LoadFailed
          title="alerts.loadFailed"
          hint="alerts.loadFailedHint"
          onReload={() => void alerts.refetch()}
        />
      ) : (
        <>
          <AlertsForm settings={alerts.data.settings} />
          <AlertDeliveryLog
            deliveries={alerts.data.deliveries}
            refreshing={alerts.isFetching}
            onRefresh={() => void alerts.refetch()}
          />
        </>
      )}
    </Card>
  );
}

function AlertsForm({ settings }: { settings: AlertSettings }) {
  const intl = useIntl();
  const user = useCurrentUser();
  const [form] = Form.useForm<AlertFormValues>();
  const save = useSaveAlerts();
  const test = useSendTestAlert();

  const submit = async (values: AlertFormValues) => {
    try {
      const saved = await save.mutateAsync(alertSentOf(values));
      form.setFieldsValue(alertValuesOf(saved.settings));
      void message.success(intl.formatMessage({ id: 'alerts.saved' }));
    } catch (error) {
      showServerFieldErrors(form, error, alertFormFields);
    }
  };
  const sendTest = async () => {
    try {
      await test.mutateAsync(undefined);
      void message.success(intl.formatMessage({ id: 'alerts.testSent' }));
    } catch {
      // The request wrapper has shown the reason.
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={alertValuesOf(settings)}
      onFinish={(v) => void submit(v)}
    >
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="alerts.explain" />
      </Typography.Paragraph>
      {!hasChannel(settings) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={<FormattedMessage id="alerts.noChannel" />}
          data-testid="alerts-off"
        />
      )}
      <Typography.Title level={5}>
        <FormattedMessage id="alerts.channels" />
      </Typography.Title>
      <Form.Item name="email_enabled" valuePropName="checked">
        <Checkbox data-testid="alerts-email">
          <FormattedMessage id="alerts.email" values={{ email: user.email }} />
        </Checkbox>
      </Form.Item>
      <Form.Item
        name="webhook_url"
        label={intl.formatMessage({ id: 'alerts.webhook' })}
        extra={intl.formatMessage({ id: 'alerts.webhook.hint' })}
        rules={[fieldRule('webhook_url')]}
      >
        <Input
          placeholder="https://example.com/resiport-alerts"
          inputMode="url"
          data-testid="alerts-webhook"
        />
      </Form.Item>
      <WebhookSecret secret={settings.webhook_secret} />

      <Typography.Title level={5}>
        <FormattedMessage id="alerts.thresholds" />
      </Typography.Title>
      <Flex gap={16} wrap>
        <Form.Item
          name="sub_percents"
          label={intl.formatMessage({ id: 'alerts.subPercents' })}
          extra={intl.formatMessage({ id: 'alerts.subPercents.hint' })}
          rules={[fieldRule('sub_percents')]}
          style={{ flex: '1 1 220px', minWidth: 0 }}
        >
          <Input placeholder="80, 90, 100" suffix="%" data-testid="alerts-sub-percents" />
        </Form.Item>
        <GbItem
          name="main_left_below"
          label="alerts.mainLow"
          hint="alerts.mainLow.hint"
          rules={[fieldRule('main_left_below')]}
          testId="alerts-main-low"
        />
        <Form.Item
          name="low_balance_below"
          label={intl.formatMessage({ id: 'alerts.lowBalance' })}
          extra={intl.formatMessage({ id: 'alerts.lowBalance.hint' })}
          rules={[fieldRule('low_balance_below')]}
          style={{ flex: '1 1 180px', minWidth: 0 }}
        >
          <Input suffix="USD" inputMode="decimal" data-testid="alerts-low-balance" />
        </Form.Item>
      </Flex>
      <Form.Item name="main_empty" valuePropName="checked">
        <Checkbox data-testid="alerts-main-empty">
          <FormattedMessage id="alerts.mainEmpty" />
        </Checkbox>
      </Form.Item>

      <Typography.Title level={5}>
        <FormattedMessage id="alerts.events" />
      </Typography.Title>
      <Flex gap={8} vertical>
        {eventSwitches.map(([name, label]) => (
          <Form.Item key={name} name={name} valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid={`alerts-${name}`}>
              <FormattedMessage id={label} />
            </Checkbox>
          </Form.Item>
        ))}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 24 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="alerts-save">
          <FormattedMessage id="alerts.save" />
        </Button>
        <Button
          onClick={() => void sendTest()}
          loading={test.isPending}
          disabled={!hasChannel(settings)}
          data-testid="alerts-test"
        >
          <FormattedMessage id="alerts.test" />
        </Button>
      </Flex>
    </Form>
  );
}
