import { subPasswordBody, type SubAccount } from '@resiport/contract';
import { Button, Card, Form, message } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { useUpdateSubPassword } from '../../features/subaccounts/api/update-sub-password';
import { ProxyPasswordField } from '../../features/subaccounts/components/proxy-password-field';
import { showServerFieldErrors } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';

const passwordRules = [zodRule(subPasswordBody.shape.password, validationTexts, { required: false })];

interface PasswordValues {
  password?: string;
}

/**
 * POST /auth/passupdate: a chosen or generated new password. The old one stops working at once and
 * cuts off every proxy connected with it, so the change is confirmed first.
 */
export function PasswordCard({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdateSubPassword();
  // The checked values waiting for the customer's confirmation; undefined: no dialog.
  const [pending, setPending] = useState<PasswordValues | undefined>(undefined);

  const replace = async ({ password }: PasswordValues) => {
    const chosen = (password ?? '').trim();
    try {
      const saved = await update.mutateAsync({ id: sub.id, password: chosen === '' ? undefined : chosen });
      setPending(undefined);
      form.resetFields();
      void message.success(intl.formatMessage({ id: 'editsub.passwordSaved' }, { username: saved.username }));
    } catch (error) {
      setPending(undefined);
      showServerFieldErrors(form, error, ['password']);
    }
  };

  return (
    <Card title={<FormattedMessage id="editsub.password" />}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={setPending}>
        <ProxyPasswordField label="editsub.passwordNew" hint="editsub.passwordHint" rules={passwordRules} />
        <Button htmlType="submit" loading={update.isPending} data-testid="sub-edit-password-save">
          <FormattedMessage id="editsub.passwordSave" />
        </Button>
      </Form>
      <FadeModal
        open={pending !== undefined}
        title={<FormattedMessage id="editsub.passwordConfirm.title" values={{ username: sub.username }} />}
        okText={intl.formatMessage({ id: 'editsub.passwordConfirm.ok' })}
        cancelText={intl.formatMessage({ id: 'common.cancel' })}
        okButtonProps={{ danger: true, loading: update.isPending }}
        onOk={() => pending && void replace(pending)}
        onCancel={() => setPending(undefined)}
        width={440}
      >
        <FormattedMessage id="editsub.passwordConfirm.text" />
      </FadeModal>
    </Card>
  );
}
