import { subPasswordBody, type SubAccount } from '@resiport/contract';
import { Button, Card, Form, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUpdateSubPassword } from '../../features/subaccounts/api/update-sub-password';
import { ProxyPasswordField } from '../../features/subaccounts/components/proxy-password-field';
import { showServerFieldErrors } from '../../lib/form-errors';
import { zodRule } from '../../lib/form-rules';
import { validationTexts } from '../../lib/form-rules-localized';

const passwordRules = [zodRule(subPasswordBody.shape.password, validationTexts, { required: false })];

/** POST /auth/passupdate: a chosen or generated new password; the old one stops working at once. */
export function PasswordCard({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const [form] = Form.useForm<{ password?: string }>();
  const update = useUpdateSubPassword();

  const submit = async ({ password }: { password?: string }) => {
    const chosen = (password ?? '').trim();
    try {
      const saved = await update.mutateAsync({ id: sub.id, password: chosen === '' ? undefined : chosen });
      form.resetFields();
      void message.success(intl.formatMessage({ id: 'editsub.passwordSaved' }, { username: saved.username }));
    } catch (error) {
      showServerFieldErrors(form, error, ['password']);
    }
  };

  return (
    <Card title={<FormattedMessage id="editsub.password" />}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <ProxyPasswordField label="editsub.passwordNew" hint="editsub.passwordHint" rules={passwordRules} />
        <Button htmlType="submit" loading={update.isPending} data-testid="sub-edit-password-save">
          <FormattedMessage id="editsub.passwordSave" />
        </Button>
      </Form>
    </Card>
  );
}
