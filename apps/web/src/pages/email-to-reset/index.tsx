import { MailOutlined } from '@ant-design/icons';
import { ResultCode } from '@resiport/contract';
import { Button, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { Input } from '../../components/light-inputs';
import { useRequestPasswordReset } from '../../features/account/api/request-password-reset';
import { showServerFieldErrors } from '../../lib/form-errors';
import { formRules } from '../../lib/form-rules-localized';

/** /user/emailtoreset: asks for a password reset mail. */
export default function EmailToResetPage() {
  const intl = useIntl();
  const [form] = Form.useForm<{ email: string }>();
  const request = useRequestPasswordReset();
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    try {
      setSentMessage(await request.mutateAsync(email));
    } catch (error) {
      showServerFieldErrors(form, error, ['email'], { [ResultCode.EmailNotRegistered]: 'email' });
    }
  };

  return (
    <AuthCard title="auth.forgot.title">
      {sentMessage !== null ? (
        <div data-testid="reset-link-sent">
          <Result
            status="success"
            title={sentMessage}
            extra={
              <Link to={paths.login}>
                <FormattedMessage id="auth.register.toLogin" />
              </Link>
            }
          />
        </div>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Typography.Paragraph type="secondary">
            <FormattedMessage id="auth.forgot.hint" />
          </Typography.Paragraph>
          <Form.Item
            name="email"
            label={intl.formatMessage({ id: 'auth.field.email' })}
            rules={formRules.email}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={request.isPending}>
            <FormattedMessage id="auth.forgot.submit" />
          </Button>
          <div style={{ textAlign: 'center', marginTop: 16 }}>
            <Link to={paths.login} data-testid="link-login">
              <FormattedMessage id="auth.forgot.back" />
            </Link>
          </div>
        </Form>
      )}
    </AuthCard>
  );
}
