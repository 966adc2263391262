import { LockOutlined } from '@ant-design/icons';
import { ResultCode } from '@resiport/contract';
import { Button, Form, Input, message } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useResetPassword } from '../../features/account/api/reset-password';
import { hasCode, isApiError } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { formRules } from '../../lib/form-rules-localized';

interface ResetValues {
  password: string;
  confirm: string;
}

/** A link that expired, was used, or was mangled: the server says so per code or on the token field. */
function isInvalidLink(error: unknown): boolean {
  return (
    hasCode(error, ResultCode.InvalidResetLink) ||
    hasCode(error, ResultCode.InvalidLink) ||
    (isApiError(error) && 'token' in error.fieldErrors)
  );
}

export function ResetPasswordForm({ token, onInvalidLink }: { token: string; onInvalidLink: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();

  const submit = async (values: ResetValues) => {
    try {
      void message.success(await reset.mutateAsync({ token, ...values }));
      await navigate(paths.login, { replace: true });
    } catch (error) {
      if (isInvalidLink(error)) onInvalidLink();
      else showServerFieldErrors(form, error, ['password', 'confirm']);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      <Form.Item
        name="password"
        label={intl.formatMessage({ id: 'auth.field.newPassword' })}
        rules={formRules.newPassword}
        extra={<FormattedMessage id="auth.field.passwordHint" />}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={intl.formatMessage({ id: 'auth.field.confirm' })}
        rules={formRules.confirm}
        dependencies={['password']}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        <FormattedMessage id="auth.reset.submit" />
      </Button>
    </Form>
  );
}
