import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { CopyButton } from '../../components/copy-button';
import { downloadText } from '../../lib/download';
import { useSite } from '../../components/site';

/** The recovery codes, shown once right after two-factor is turned on, to copy or download. */
export function RecoveryCodesList({
  codes,
  intro = 'settings.twoFactor.codesOnce',
}: {
  codes: string[];
  /** What the warning above them says (turned on, or renewed). */
  intro?: 'settings.twoFactor.codesOnce' | 'settings.twoFactor.codesRenewed';
}) {
  const text = codes.join('\n');
  const { app_name: appName } = useSite();
  const fileName = `${appName.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'account'}-recovery-codes.txt`;
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon message={<FormattedMessage id={intro} />} />
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
        <Button icon={<DownloadOutlined />} onClick={() => downloadText(fileName, text)}>
          <FormattedMessage id="settings.twoFactor.downloadCodes" />
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        <FormattedMessage id="settings.twoFactor.codesHint" />
      </Typography.Text>
    </Flex>
  );
}
