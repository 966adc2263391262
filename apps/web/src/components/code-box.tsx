import { Flex, theme } from 'antd';
import type { MessageId } from '../locales/types';
import { CopyButton } from './copy-button';

interface CodeBoxProps {
  text: string;
  testId: string;
  copyLabel: MessageId;
}

/**
 * Commands and code the customer copies (the generator's examples, the API quick start), each with
 * its copy button beside it. A command wraps anywhere; a file keeps its lines and indentation (they
 * matter in Go and Python) and scrolls when wide.
 */
function CodeBox({ text, testId, copyLabel, file }: CodeBoxProps & { file: boolean }) {
  const { token } = theme.useToken();
  const Tag = file ? 'pre' : 'code';
  return (
    <Flex
      align={file ? 'start' : 'center'}
      gap={8}
      style={{
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: '4px 6px 4px 12px',
      }}
    >
      <Tag
        data-testid={testId}
        style={{
          flex: 1,
          minWidth: 0,
          margin: 0,
          padding: '2px 0',
          fontFamily: token.fontFamilyCode,
          fontSize: 13,
          ...(file ? { overflowX: 'auto', tabSize: 4 } : { wordBreak: 'break-all' }),
        }}
      >
        {text}
      </Tag>
      <CopyButton text={text} iconOnly type="text" label={copyLabel} testId={`${testId}-copy`} />
    </Flex>
  );
}

/** One command. */
export const CodeLine = (props: CodeBoxProps) => <CodeBox {...props} file={false} />;

/** A file's contents. */
export const CodeBlock = (props: CodeBoxProps) => <CodeBox {...props} file />;
