import { AimOutlined } from '@ant-design/icons';
import { ResultCode, whitelistAddBody, type WhitelistEntry } from '@resiport/contract';
import { Button, Form, Input, message } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAddWhitelistIp } from '../../features/whitelist/api/add-whitelist-ip';
import { useUpdateWhitelistIp } from '../../features/whitelist/api/update-whitelist-ip';
import { checkWhitelistIp, type IpProblem } from '../../features/whitelist/ip-check';
import { whitelistFieldByCode, whitelistFields } from '../../features/whitelist/whitelist-codes';
import { hasCode, isApiError } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';
import { FormProblem } from '../../components/form-problem';
import { FormButtons } from '../../components/form-buttons';

interface WhitelistIpValues {
  ip: string;
  remark?: string;
}

interface WhitelistIpFormProps {
  /** The entry being changed; undefined: adding a new one. */
  editing: WhitelistEntry | undefined;
  /** The address this browser reaches the server from ("" when unknown). */
  currentIp: string;
  /** Saved, or cancelled. */
  onDone: () => void;
}

const remarkRules = [zodRule(whitelistAddBody.shape.remark, validationTexts, { required: false })];

/**
 * Add or edit a whitelisted address (POST /auth/whiteipadd, /auth/whiteipupdate). The address is
 * checked as the server checks it; the server's refusals about it (10033 already listed, 10034
 * another account's, 10036 not allowed) land on the field, a full list (10035) above the form.
 */
export function WhitelistIpForm({ editing, currentIp, onDone }: WhitelistIpFormProps) {
  const intl = useIntl();
  const [form] = Form.useForm<WhitelistIpValues>();
  const add = useAddWhitelistIp();
  const update = useUpdateWhitelistIp();
  const [problem, setProblem] = useState<string>();

  const problemText: Record<IpProblem, string> = {
    required: validationTexts['validation.required'],
    format: validationTexts['validation.ip'],
    notAllowed: intl.formatMessage({ id: 'whitelist.ip.notAllowed' }),
  };
  const ipRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const check = checkWhitelistIp(value);
      if (!check.ok) throw new Error(problemText[check.problem]);
    },
  };

  const submit = async (values: WhitelistIpValues) => {
    const check = checkWhitelistIp(values.ip);
    if (!check.ok) return;
    const remark = (values.remark ?? '').trim();
    setProblem(undefined);
    try {
      if (editing) {
        // An unchanged address is not sent: only what changed is updated.
        const ip = check.ip === editing.ip ? undefined : check.ip;
        await update.mutateAsync({ id: editing.id, ip, remark });
        void message.success(intl.formatMessage({ id: 'whitelist.saved' }));
      } else {
        const entry = await add.mutateAsync({ ip: check.ip, remark });
        void message.success(intl.formatMessage({ id: 'whitelist.added' }, { ip: entry.ip }));
      }
      onDone();
    } catch (error) {
      if (hasCode(error, ResultCode.WhitelistFull) && isApiError(error)) setProblem(error.message);
      showServerFieldErrors(form, error, whitelistFields, whitelistFieldByCode);
    }
  };

  // Offered only when the dialog would take it: the server sees this browser as 127.0.0.1 in a
  // local set-up, or as an address it refuses to whitelist, and offering that ends in a refusal.
  const current = checkWhitelistIp(currentIp);
  const fillCurrentIp = (ip: string) => {
    form.setFieldsValue({ ip });
    form.validateFields(['ip']).catch(() => undefined);
  };

  return (
    <>
      <FormProblem problem={problem} testId="whitelist-full" />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ ip: editing?.ip ?? '', remark: editing?.remark ?? '' }}
        onFinish={(values) => void submit(values)}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="ip"
          label={intl.formatMessage({ id: 'whitelist.ip' })}
          rules={[ipRule]}
          validateDebounce={300}
          extra={
            !current.ok ? undefined : (
              <Button
                type="link"
                size="small"
                icon={<AimOutlined />}
                style={{ paddingInline: 0 }}
                data-testid="whitelist-current-ip"
                onClick={() => fillCurrentIp(current.ip)}
              >
                <FormattedMessage id="whitelist.currentIp" values={{ ip: current.ip }} />
              </Button>
            )
          }
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            maxLength={45}
            placeholder={intl.formatMessage({ id: 'whitelist.ipPlaceholder' })}
            data-testid="whitelist-ip"
          />
        </Form.Item>
        <Form.Item name="remark" label={intl.formatMessage({ id: 'whitelist.remark' })} rules={remarkRules}>
          <Input
            maxLength={100}
            showCount
            autoComplete="off"
            placeholder={intl.formatMessage({ id: 'whitelist.remarkPlaceholder' })}
            data-testid="whitelist-remark"
          />
        </Form.Item>
        <FormButtons
          onCancel={onDone}
          submitting={add.isPending || update.isPending}
          label={<FormattedMessage id={editing ? 'whitelist.submit.save' : 'whitelist.submit.add'} />}
          testId="whitelist-submit"
        />
      </Form>
    </>
  );
}
