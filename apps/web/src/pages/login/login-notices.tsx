import { activationResult } from '@resiport/contract';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { forgetSessionEnded, peekSessionEnded } from '../../lib/auth-storage';
import { safeSessionStorage } from '../../lib/browser-storage';
import type { MessageId } from '../../locales/types';

const oauthFailureText: Record<string, MessageId> = {
  failed: 'auth.oauth.failed',
  unavailable: 'auth.oauth.unavailable',
  disabled: 'auth.oauth.disabled',
};

const providerNames: Record<string, string> = { google: 'Google', yandex: 'Yandex' };

/** What the server's redirects to this page report: account activation and social sign-in failures. */
export function LoginNotices({ params }: { params: URLSearchParams }) {
  const activation = params.get('activation');
  const unlock = params.get('unlock');
  const oauth = params.get('oauth');
  const oauthText = oauth === null ? undefined : oauthFailureText[oauth];
  const style = { marginBottom: 16 };

  return (
    <>
      {activation === activationResult.ok && (
        <Alert
          type="success"
          showIcon
          style={style}
          data-testid="activation-alert"
          message={<FormattedMessage id="auth.activation.done" />}
        />
      )}
      {activation === activationResult.alreadyActive && (
        // A mail scanner (or an earlier click) used the link first; the form below is the way on.
        <Alert
          type="info"
          showIcon
          style={style}
          data-testid="activation-alert"
          message={<FormattedMessage id="auth.activation.alreadyActive" />}
        />
      )}
      {activation === activationResult.invalid && (
        <Alert
          type="error"
          showIcon
          style={style}
          data-testid="activation-alert"
          message={<FormattedMessage id="auth.activation.invalid" />}
          action={
            <Link to={paths.register}>
              <FormattedMessage id="auth.login.toRegister" />
            </Link>
          }
        />
      )}
      {(unlock === 'ok' || unlock === 'invalid') && (
        <Alert
          type={unlock === 'ok' ? 'success' : 'error'}
          showIcon
          style={style}
          data-testid="unlock-alert"
          message={<FormattedMessage id={unlock === 'ok' ? 'auth.unlock.done' : 'auth.unlock.invalid'} />}
        />
      )}
      {oauthText !== undefined && (
        <Alert
          type="error"
          showIcon
          style={style}
          data-testid="oauth-alert"
          message={
            <FormattedMessage
              id={oauthText}
              values={{ provider: providerNames[params.get('provider') ?? ''] ?? '' }}
            />
          }
        />
      )}
    </>
  );
}

/**
 * Why this tab's session ended, as the server said it (already in the visitor's language): "You were
 * signed out from another device", "Your password was changed…". Shown once: read on arrival, then
 * forgotten.
 */
export function SessionEndedNotice() {
  const [message] = useState(() => peekSessionEnded(safeSessionStorage()));
  useEffect(() => forgetSessionEnded(safeSessionStorage()), []);
  if (!message) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="session-ended-alert"
      message={message}
    />
  );
}
