import { Flex, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { MessageId } from '../../locales/types';

/** Why a reset link cannot set a password: the URL has no token, or the server says what became of it. */
export type UnusableReason = 'missing' | 'used' | 'expired' | 'invalid' | 'refused';

const titleOf: Record<UnusableReason, MessageId> = {
  missing: 'auth.reset.missingToken',
  used: 'auth.reset.used',
  expired: 'auth.reset.linkExpired',
  invalid: 'auth.reset.invalid',
  // Refused on submit although it looked fine when the page opened (used meanwhile, or expired).
  refused: 'auth.reset.expired',
};

/** The dead link said plainly, with the way on: a new reset mail, or sign-in. */
export function ResetLinkUnusable({ reason }: { reason: UnusableReason }) {
  return (
    <div data-testid="reset-link-invalid" data-reason={reason}>
      <Result
        status={reason === 'used' ? 'info' : 'error'}
        title={<FormattedMessage id={titleOf[reason]} />}
        extra={
          <Flex vertical gap={8} align="center">
            <Link to={paths.emailToReset} data-testid="reset-request-new">
              <FormattedMessage id="auth.reset.requestNew" />
            </Link>
            <Link to={paths.login}>
              <FormattedMessage id="auth.forgot.back" />
            </Link>
          </Flex>
        }
      />
    </div>
  );
}
