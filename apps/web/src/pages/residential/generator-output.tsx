import { DownloadOutlined, ExperimentOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../components/copy-button';

interface GeneratorOutputProps {
  lines: readonly string[];
  /** What the lines are (identical rotating lines, a session per sticky line, whitelisted). */
  note: ReactNode;
  onGenerate: () => void;
  onDownload: () => void;
  onTest: () => void;
  testing: boolean;
  /** Why Test cannot run (whitelisted lines); undefined: it can. */
  testBlocked: ReactNode | undefined;
  /** The last test's result, once there is one. */
  testResult: ReactNode;
}

/** The generated lines, read-only and monospace, with Generate, Copy all, Download and Test. */
export function GeneratorOutput(props: GeneratorOutputProps) {
  const { lines, note, onGenerate, onDownload, onTest, testing, testBlocked, testResult } = props;
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = lines.join('\n');
  const count = lines.length;

  const test = (
    <Button
      icon={<ExperimentOutlined />}
      loading={testing}
      disabled={testBlocked !== undefined || count === 0}
      onClick={onTest}
      data-testid="gen-test"
    >
      <FormattedMessage id="generator.test" />
    </Button>
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text strong>
          <label htmlFor="gen-output">
            <FormattedMessage id="generator.output" />
          </label>
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="gen-count">
          <FormattedMessage id="generator.output.count" values={{ count }} />
        </Typography.Text>
      </Flex>
      <Input.TextArea
        id="gen-output"
        data-testid="gen-output"
        readOnly
        value={text}
        autoSize={{ minRows: 6, maxRows: 16 }}
        wrap="off"
        spellCheck={false}
        style={{ fontFamily: token.fontFamilyCode, fontSize: 13, lineHeight: 1.6 }}
      />
      <Typography.Text type="secondary">{note}</Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" icon={<ReloadOutlined />} onClick={onGenerate} data-testid="gen-generate">
          <FormattedMessage id="generator.generate" />
        </Button>
        <CopyButton
          text={text}
          testId="gen-copy"
          label="generator.copyAll"
          labelValues={{ count }}
          disabled={count === 0}
        />
        <Button
          icon={<DownloadOutlined />}
          onClick={onDownload}
          disabled={count === 0}
          data-testid="gen-download"
        >
          <FormattedMessage id="generator.download" />
        </Button>
        <Tooltip title={testBlocked ?? intl.formatMessage({ id: 'generator.test.hint' })}>
          {/* A disabled button swallows the hover; the span keeps the tooltip explaining why. */}
          <span>{test}</span>
        </Tooltip>
      </Flex>
      {testResult}
    </Flex>
  );
}
