import type { TwoFactorChallenge } from '@resiport/contract';
import { Flex, theme } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { TextRule } from '../../components/text-rule';
import { TwoFactorStep } from '../../features/account/components/two-factor-step';
import { LoginForm } from './login-form';
import { LoginNotices, SessionEndedNotice } from './login-notices';
import { OAuthButtons } from './oauth-buttons';
import { OAuthCompletion } from './oauth-completion';

/**
 * /user/login: email sign-in, social sign-in, the two-factor code step, and the landing page of
 * activation and OAuth redirects.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const { token } = theme.useToken();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const oauthCode = params.get('oauth_code');
  if (oauthCode) return <OAuthCompletion code={oauthCode} redirect={params.get('redirect')} />;
  if (challenge) {
    return (
      <AuthCard title="auth.twoFactor.title">
        <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="auth.login.title">
      <SessionEndedNotice />
      <LoginNotices params={params} />
      <LoginForm onTwoFactor={setChallenge} />
      <OAuthButtons />
      <TextRule margin="16px 0" />
      <Flex justify="center" gap={6}>
        <span style={{ color: token.colorTextSecondary }}>
          <FormattedMessage id="auth.login.noAccount" />
        </span>
        <Link to={paths.register} data-testid="link-register">
          <FormattedMessage id="auth.login.toRegister" />
        </Link>
      </Flex>
    </AuthCard>
  );
}
