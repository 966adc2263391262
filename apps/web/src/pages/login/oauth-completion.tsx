import type { TwoFactorChallenge } from '@resiport/contract';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCompleteSignIn } from '../../features/account/sign-in/use-complete-sign-in';
import { oauthLogIn } from '../../features/account/api/oauth-log-in';
import { AuthCard } from '../../components/auth-card';
import { TwoFactorStep } from '../../features/account/components/two-factor-step';

/**
 * Trades the `oauth_code` from the provider round-trip for a session (or, with two-factor on, asks
 * for the code first), then signs in as usual.
 */
export function OAuthCompletion({ code, redirect }: { code: string; redirect: string | null }) {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [failed, setFailed] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  // The code is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    oauthLogIn(code)
      .then((outcome) =>
        'challenge' in outcome ? setChallenge(outcome.challenge) : completeSignIn(outcome.session, redirect),
      )
      .catch(() => setFailed(true));
  }, [code, redirect, completeSignIn]);

  if (challenge) {
    return (
      <AuthCard title="auth.twoFactor.title">
        <TwoFactorStep
          challenge={challenge}
          redirect={redirect}
          onBack={() => void navigate(paths.login, { replace: true })}
        />
      </AuthCard>
    );
  }
  if (!failed) {
    return (
      <AuthCard title="auth.oauth.completing">
        <div data-testid="oauth-completing">
          <Spin />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="auth.login.title">
      <Alert
        type="error"
        showIcon
        data-testid="oauth-alert"
        message={<FormattedMessage id="auth.oauth.completeFailed" />}
        style={{ marginBottom: 16 }}
      />
      <Button type="primary" block onClick={() => void navigate(paths.login, { replace: true })}>
        <FormattedMessage id="auth.oauth.backToLogin" />
      </Button>
    </AuthCard>
  );
}
