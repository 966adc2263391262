import { Spin } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { useResetLinkCheck } from '../../features/account/api/check-reset-link';
import { formatUtcDateTime } from '../../lib/format';
import { ResetLinkUnusable } from './reset-link-unusable';
import { ResetPasswordForm } from './reset-password-form';

/** /user/resetpassword?token=…: the page the reset mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthCard title="auth.reset.title">
      {token === '' ? <ResetLinkUnusable reason="missing" /> : <CheckedReset token={token} />}
    </AuthCard>
  );
}

/**
 * The link is checked as the page opens, so a used or expired one says so before a password is
 * chosen. If the check itself fails (network, too many checks) the form shows: the reset checks again.
 */
function CheckedReset({ token }: { token: string }) {
  const check = useResetLinkCheck(token);
  const [refused, setRefused] = useState(false);

  if (refused) return <ResetLinkUnusable reason="refused" />;
  if (check.isPending) {
    return (
      <Spin>
        <p data-testid="reset-link-checking" style={{ minHeight: 80, textAlign: 'center' }}>
          <FormattedMessage id="auth.reset.checking" />
        </p>
      </Spin>
    );
  }
  const state = check.data?.state ?? 'valid';
  if (state !== 'valid') return <ResetLinkUnusable reason={state} />;
  const expiresAt = check.data?.expires_at;
  return (
    <>
      {expiresAt && (
        <p data-testid="reset-link-valid-until" style={{ marginTop: 0 }}>
          <FormattedMessage id="auth.reset.validUntil" values={{ time: formatUtcDateTime(expiresAt) }} />
        </p>
      )}
      <ResetPasswordForm token={token} onInvalidLink={() => setRefused(true)} />
    </>
  );
}
