import { ResultCode } from '@resiport/contract';
import { Button, Form, message } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useResetPassword } from '../../features/account/api/reset-password';
import { NewPasswordFields } from '../../features/account/components/new-password-fields';
import { hasCode, isApiError } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';

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
      <NewPasswordFields labelId="auth.field.newPassword" large />
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        <FormattedMessage id="auth.reset.submit" />
      </Button>
    </Form>
  );
}
