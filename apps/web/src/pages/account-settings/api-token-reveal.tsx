import { Alert, Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { CopyButton } from '../../components/copy-button';

/** The freshly generated token with a copy button and the warning that it will not be shown again. */
export function ApiTokenReveal({ token }: { token: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="api-token-reveal"
      message={<FormattedMessage id="settings.token.shownOnce" />}
      description={
        <Flex gap={8} align="center" wrap="wrap" style={{ marginTop: 8 }}>
          <Typography.Text
            code
            copyable={false}
            data-testid="api-token-value"
            style={{ wordBreak: 'break-all' }}
          >
            {token}
          </Typography.Text>
          <CopyButton text={token} testId="copy-api-token" />
        </Flex>
      }
    />
  );
}
