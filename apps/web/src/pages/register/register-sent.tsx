import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { ResendActivationButton } from '../../features/account/components/resend-activation-button';

/** After sign-up: the server's message ("The activation link has been sent…") and a resend button. */
export function RegisterSent({ email, msg }: { email: string; msg: string }) {
  const navigate = useNavigate();
  return (
    <AuthCard title="auth.register.title">
      <div data-testid="register-sent">
        <Result
          status="success"
          title={<FormattedMessage id="auth.register.checkEmail" />}
          subTitle={
            <>
              {msg}
              <br />
              <strong>{email}</strong>
            </>
          }
          extra={[
            <ResendActivationButton key="resend" email={email} />,
            <Button key="login" type="primary" onClick={() => void navigate(paths.login)}>
              <FormattedMessage id="auth.register.toLogin" />
            </Button>,
          ]}
        />
      </div>
    </AuthCard>
  );
}
