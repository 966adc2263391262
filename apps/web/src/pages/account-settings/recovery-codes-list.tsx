import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { CopyButton } from '../../components/copy-button';
import { downloadText } from '../../lib/download';

/** The recovery codes, shown once right after two-factor is turned on, to copy or download. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = codes.join('\n');
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon message={<FormattedMessage id="settings.twoFactor.codesOnce" />} />
      <ol
        data-testid="recovery-codes"
        style={{ columns: 2, margin: 0, paddingLeft: 24, fontFamily: 'monospace', fontSize: 15 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={8} wrap="wrap">
        <CopyButton text={text} label="settings.twoFactor.copyCodes" testId="copy-recovery-codes" />
        <Button icon={<DownloadOutlined />} onClick={() => downloadText('resiport-recovery-codes.txt', text)}>
          <FormattedMessage id="settings.twoFactor.downloadCodes" />
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        <FormattedMessage id="settings.twoFactor.codesHint" />
      </Typography.Text>
    </Flex>
  );
}
