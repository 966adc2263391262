import { Flex, Typography, theme } from 'antd';
import { FormattedMessage } from 'react-intl';
import { CopyButton } from '../../components/copy-button';

/** A ready-to-run curl through the first line, with a copy button. */
export function CurlExample({ command }: { command: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>
        <FormattedMessage id="generator.curl" />
      </Typography.Text>
      <Typography.Text type="secondary">
        <FormattedMessage id="generator.curl.hint" />
      </Typography.Text>
      <Flex
        align="center"
        gap={8}
        style={{
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          padding: '6px 6px 6px 12px',
        }}
      >
        <code
          data-testid="gen-curl"
          style={{ flex: 1, fontFamily: token.fontFamilyCode, fontSize: 13, wordBreak: 'break-all' }}
        >
          {command}
        </code>
        <CopyButton text={command} iconOnly type="text" label="generator.curl.copy" testId="gen-curl-copy" />
      </Flex>
    </Flex>
  );
}
