import { Result } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../components/auth-card';
import { ResetPasswordForm } from './reset-password-form';

/** /user/resetpassword?token=…: the page the reset mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [linkInvalid, setLinkInvalid] = useState(false);

  return (
    <AuthCard title="auth.reset.title">
      {token === null || token === '' || linkInvalid ? (
        <div data-testid="reset-link-invalid">
          <Result
            status="error"
            title={<FormattedMessage id={linkInvalid ? 'auth.reset.expired' : 'auth.reset.missingToken'} />}
            extra={
              <Link to={paths.emailToReset}>
                <FormattedMessage id="auth.reset.requestNew" />
              </Link>
            }
          />
        </div>
      ) : (
        <ResetPasswordForm token={token} onInvalidLink={() => setLinkInvalid(true)} />
      )}
    </AuthCard>
  );
}
