import { type accountEndpoints, type EndpointInput, ResultCode } from '@resiport/contract';
import { Button, Form, Input, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useChangePassword } from '../../features/account/api/change-password';
import { NewPasswordFields } from '../../features/account/components/new-password-fields';
import { writeAuthData } from '../../lib/auth-storage';
import { safeLocalStorage } from '../../lib/browser-storage';
import { showServerFieldErrors } from '../../lib/form-errors';
import { formRules } from '../../lib/form-rules-localized';

type ChangePasswordValues = EndpointInput<typeof accountEndpoints.changePassword>;

const fields = ['old_password', 'password', 'confirm'];
const fieldByCode = {
  [ResultCode.PasswordError]: 'old_password',
  [ResultCode.PasswordUnchanged]: 'password',
};

export function ChangePasswordForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useChangePassword();

  const submit = async (values: ChangePasswordValues) => {
    try {
      const { session, msg } = await change.mutateAsync(values);
      // Every other session was revoked, this tab's included: keep working with the new one.
      writeAuthData(safeLocalStorage(), session);
      void message.success(msg);
      await navigate(paths.accountSettings);
    } catch (error) {
      showServerFieldErrors(form, error, fields, fieldByCode);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
      <Form.Item
        name="old_password"
        label={intl.formatMessage({ id: 'changePassword.current' })}
        rules={formRules.loginPassword}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        labelId="auth.field.newPassword"
        rules={formRules.changedPassword}
        dependencies={['old_password']}
      />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        <FormattedMessage id="changePassword.submit" />
      </Button>
    </Form>
  );
}
