import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { RegisterForm } from './register-form';
import { RegisterSent } from './register-sent';

/** /user/register: sign up, then "check your email" with a resend button. */
export default function RegisterPage() {
  const [sent, setSent] = useState<{ email: string; msg: string } | null>(null);
  if (sent) return <RegisterSent email={sent.email} msg={sent.msg} />;
  return (
    <AuthCard title="auth.register.title">
      <RegisterForm onSent={(email, msg) => setSent({ email, msg })} />
      <Flex justify="center" gap={6} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          <FormattedMessage id="auth.register.haveAccount" />
        </Typography.Text>
        <Link to={paths.login} data-testid="link-login">
          <FormattedMessage id="auth.register.toLogin" />
        </Link>
      </Flex>
    </AuthCard>
  );
}
