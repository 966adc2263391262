import { Alert, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  codeExample,
  codeLanguages,
  type CodeExampleInput,
  type CodeExampleNote,
  type CodeLanguage,
} from '@resiport/contract';
import { CodeBlock, CodeLine } from '../../components/code-box';
import type { MessageId } from '../../locales/types';

/** Tab labels are the tools' own names, the same in every language. */
const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  curl: 'curl',
  python: 'Python',
  node: 'Node.js',
  go: 'Go',
  playwright: 'Playwright',
  puppeteer: 'Puppeteer',
  proxychains: 'proxychains',
};

const NOTES: Record<CodeExampleNote, MessageId> = {
  'chromium-no-socks-auth': 'generator.code.note.chromiumNoSocksAuth',
  'proxychains-needs-ip': 'generator.code.note.proxychainsNeedsIp',
};

/**
 * Ready-to-run examples of the first line in the tools customers use (docs/product.md#developer-api), from the contract's
 * `codeExample`, which a test runs against a real gateway. curl keeps its one-line look (and the
 * `gen-curl` ids the e2e suite reads); the others show what to install, the file, and how to run it.
 */
export function CodeExamples({ input }: { input: CodeExampleInput }) {
  const [language, setLanguage] = useState<CodeLanguage>('curl');
  return (
    <Flex vertical gap={8} data-testid="gen-code">
      <Flex vertical gap={4}>
        <Typography.Text strong>
          <FormattedMessage id="generator.code" />
        </Typography.Text>
        <Typography.Text type="secondary">
          <FormattedMessage id="generator.code.hint" />
        </Typography.Text>
      </Flex>
      {/* Buttons that wrap rather than tabs that scroll: on a phone every tool stays in sight. */}
      <Radio.Group
        size="small"
        optionType="button"
        value={language}
        onChange={(event) => setLanguage(event.target.value as CodeLanguage)}
        options={codeLanguages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
      />
      <ExampleBody language={language} input={input} />
    </Flex>
  );
}

function ExampleBody({ language, input }: { language: CodeLanguage; input: CodeExampleInput }) {
  const example = codeExample(language, input);
  if (language === 'curl') {
    return <CodeLine text={example.code ?? ''} testId="gen-curl" copyLabel="generator.curl.copy" />;
  }
  return (
    <Flex vertical gap={8} data-testid={`gen-code-${language}`}>
      {example.notes.map((note) => (
        <Alert
          key={note}
          type="info"
          showIcon
          message={<FormattedMessage id={NOTES[note]} values={{ host: input.endpoint.host }} />}
        />
      ))}
      {example.install && (
        <Labelled label="generator.code.install">
          <CodeLine
            text={example.install}
            testId={`gen-code-${language}-install`}
            copyLabel="generator.curl.copy"
          />
        </Labelled>
      )}
      {example.code && (
        <Labelled label="generator.code.file" values={{ file: example.file ?? '' }}>
          <CodeBlock
            text={example.code}
            testId={`gen-code-${language}-code`}
            copyLabel="generator.code.copy"
          />
        </Labelled>
      )}
      {example.code && example.run && (
        <Labelled label="generator.code.run">
          <CodeLine text={example.run} testId={`gen-code-${language}-run`} copyLabel="generator.curl.copy" />
        </Labelled>
      )}
    </Flex>
  );
}

function Labelled(props: { label: MessageId; values?: Record<string, string>; children: ReactNode }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary">
        <FormattedMessage id={props.label} values={props.values} />
      </Typography.Text>
      {props.children}
    </Flex>
  );
}
