import { Card, Flex, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { apiQuickStart, type ApiQuickStartStep } from '@resiport/contract';
import { CodeLine } from '../../components/code-box';
import type { MessageId } from '../../locales/types';

const STEP_TEXT: Record<ApiQuickStartStep, MessageId> = {
  token: 'settings.api.step.token',
  list: 'settings.api.step.list',
  create: 'settings.api.step.create',
  allocate: 'settings.api.step.allocate',
};

/**
 * The API in four commands (docs/product.md#developer-api): the token from the card above, then list, create and fund a
 * sub-account, for this portal's address. The commands are the contract's, which a test runs.
 */
export function ApiQuickStartCard({ apiBase = `${window.location.origin}/api` }: { apiBase?: string }) {
  return (
    <Card
      title={<FormattedMessage id="settings.api.title" />}
      extra={
        <Typography.Link href="/api/docs" target="_blank" rel="noreferrer" data-testid="settings-api-docs">
          <FormattedMessage id="settings.api.docs" />
        </Typography.Link>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          <FormattedMessage id="settings.api.hint" />
        </Typography.Text>
        {apiQuickStart(apiBase).map(({ step, command }, index) => (
          <Flex vertical gap={4} key={step}>
            <Typography.Text>
              <FormattedMessage id={STEP_TEXT[step]} values={{ n: index + 1 }} />
            </Typography.Text>
            <CodeLine text={command} testId={`settings-api-${step}`} copyLabel="generator.curl.copy" />
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
