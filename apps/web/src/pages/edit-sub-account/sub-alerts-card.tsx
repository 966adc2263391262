import { subAlertsBody, subEndpoints, type SubAccount } from '@resiport/contract';
import { Alert, Button, Card, Form, Input, message, Radio, Space, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAlerts } from '../../features/alerts/api/alerts';
import { percentsText } from '../../features/alerts/alert-form';
import { useUpdateSubSettings } from '../../features/subaccounts/api/update-sub-settings';
import { showServerFieldErrors } from '../../lib/form-errors';
import { textForIssue } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';

type Mode = 'account' | 'own' | 'off';
interface SubAlertValues {
  mode: Mode;
  alert_percents: string;
}

const modeOf = (sub: SubAccount): Mode =>
  sub.alert_percents === null ? 'account' : sub.alert_percents.length === 0 ? 'off' : 'own';

/** What the call gets: '' follows the account, 'none' turns them off, else the list. */
const sentOf = (values: SubAlertValues) =>
  values.mode === 'account' ? '' : values.mode === 'off' ? 'none' : values.alert_percents.trim();

const percentsRule = (form: { getFieldsValue: (all: true) => SubAlertValues }) => ({
  validator: async () => {
    const values = form.getFieldsValue(true);
    if (values.mode !== 'own') return;
    const result = subAlertsBody.safeParse({ id: 1, alert_percents: values.alert_percents.trim() || 'x' });
    const issue = result.error?.issues[0];
    if (issue) throw new Error(textForIssue(issue.message, validationTexts));
  },
});

/** POST /auth/alertsupdate: this sub-account's usage alerts — the account's thresholds, its own, or none. */
export function SubAlertsCard({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const [form] = Form.useForm<SubAlertValues>();
  const update = useUpdateSubSettings(subEndpoints.alerts);
  const account = useAlerts().data?.settings;
  // The form's value as it changes (its initial value is the sub-account's).
  const mode = Form.useWatch('mode', { form, preserve: true }) as Mode | undefined;
  const channelsOff = account !== undefined && !account.email_enabled && account.webhook_url === null;

  const save = async (values: SubAlertValues) => {
    try {
      const saved = await update.mutateAsync({ id: sub.id, alert_percents: sentOf(values) });
      form.setFieldsValue({ mode: modeOf(saved), alert_percents: percentsText(saved.alert_percents ?? []) });
      void message.success(intl.formatMessage({ id: 'subalerts.saved' }));
    } catch (error) {
      showServerFieldErrors(form, error, ['alert_percents']);
    }
  };
  const accountPercents = account?.sub_percents ?? [];

  return (
    <Card title={<FormattedMessage id="subalerts.title" />} data-testid="sub-alerts-card">
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="subalerts.explain" />
      </Typography.Paragraph>
      {channelsOff && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={<FormattedMessage id="subalerts.channelsOff" />}
          data-testid="sub-alerts-channels-off"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ mode: modeOf(sub), alert_percents: percentsText(sub.alert_percents ?? []) }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="mode" label={intl.formatMessage({ id: 'subalerts.mode' })}>
          <Radio.Group data-testid="sub-alerts-mode">
            <Space direction="vertical">
              <Radio value="account">
                {accountPercents.length > 0 ? (
                  <FormattedMessage
                    id="subalerts.mode.account"
                    values={{ percents: `${percentsText(accountPercents)} %` }}
                  />
                ) : (
                  <FormattedMessage id="subalerts.mode.accountNone" />
                )}
              </Radio>
              <Radio value="own">
                <FormattedMessage id="subalerts.mode.own" />
              </Radio>
              <Radio value="off">
                <FormattedMessage id="subalerts.mode.off" />
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {(mode ?? modeOf(sub)) === 'own' && (
          <Form.Item
            name="alert_percents"
            label={intl.formatMessage({ id: 'subalerts.percents' })}
            extra={intl.formatMessage({ id: 'alerts.subPercents.hint' })}
            rules={[percentsRule]}
          >
            <Input placeholder="80, 90, 100" suffix="%" data-testid="sub-alerts-percents" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="sub-alerts-save">
          <FormattedMessage id="subalerts.save" />
        </Button>
      </Form>
    </Card>
  );
}
