import { Alert, Flex } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/**
 * After "The email is registered": the way on instead of a dead end (the account may have been
 * activated by a link a mail scanner opened first).
 */
export function RegisteredHint() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="registered-hint"
      message={<FormattedMessage id="auth.register.registeredHint" />}
      description={
        <Flex gap={16} wrap>
          <Link to={paths.login} data-testid="registered-sign-in">
            <FormattedMessage id="auth.register.toLogin" />
          </Link>
          <Link to={paths.emailToReset}>
            <FormattedMessage id="auth.login.forgot" />
          </Link>
        </Flex>
      }
    />
  );
}
