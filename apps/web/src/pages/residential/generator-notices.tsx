import { Alert, Button, Flex } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import type { GeneratorNotice } from '../../features/dynamic/credentials-choice';
import type { MessageId } from '../../locales/types';

const notices: Record<
  GeneratorNotice,
  { title: MessageId; hint: MessageId; action: MessageId; to: string; type: 'warning' | 'info' }
> = {
  buyTraffic: {
    title: 'generator.notice.buyTraffic',
    hint: 'generator.notice.buyTrafficHint',
    action: 'dashboard.buyTraffic',
    to: paths.newOrder,
    type: 'warning',
  },
  allocate: {
    title: 'generator.notice.allocate',
    hint: 'generator.notice.allocateHint',
    action: 'generator.notice.allocateAction',
    to: paths.subAccounts,
    type: 'warning',
  },
  subDisabled: {
    title: 'generator.notice.subDisabled',
    hint: 'generator.notice.subDisabledHint',
    action: 'generator.notice.subDisabledAction',
    to: paths.subAccounts,
    type: 'warning',
  },
  noWhitelist: {
    title: 'generator.notice.noWhitelist',
    hint: 'generator.notice.noWhitelistHint',
    action: 'generator.notice.noWhitelistAction',
    to: paths.whitelist,
    type: 'info',
  },
};

/** What would make the lines fail, each with the page that fixes it. `data-notice` names it for tests. */
export function GeneratorNotices({ list, username }: { list: readonly GeneratorNotice[]; username: string }) {
  const navigate = useNavigate();
  if (list.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {list.map((notice) => {
        const { title, hint, action, to, type } = notices[notice];
        return (
          <Alert
            key={notice}
            data-testid="gen-notice"
            data-notice={notice}
            type={type}
            showIcon
            message={<FormattedMessage id={title} values={{ username }} />}
            description={<FormattedMessage id={hint} />}
            action={
              <Button size="small" onClick={() => void navigate(to)}>
                <FormattedMessage id={action} />
              </Button>
            }
          />
        );
      })}
    </Flex>
  );
}
