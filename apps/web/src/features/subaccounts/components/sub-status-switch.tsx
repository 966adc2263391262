import type { SubAccount } from '@resiport/contract';
import { Flex, message, Switch, Tag } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUpdateSubStatus } from '../api/update-sub-status';
import { SubTrafficTag } from './sub-traffic-tag';

/**
 * A sub-account's status: the tag says it, the switch changes it. The switch moves once the server
 * has answered, so it never shows a state the gateway does not have.
 */
export function SubStatusSwitch({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const update = useUpdateSubStatus();
  const active = sub.status === 'active';

  const toggle = async (on: boolean) => {
    try {
      const changed = await update.mutateAsync({ id: sub.id, status: on ? 'active' : 'disabled' });
      void message.success(
        intl.formatMessage(
          {
            id:
              changed.status === 'active'
                ? 'subaccount.status.enabledDone'
                : 'subaccount.status.disabledDone',
          },
          { username: changed.username },
        ),
      );
    } catch {
      // The request wrapper has shown the reason.
    }
  };

  return (
    <Flex align="center" gap={8} wrap>
      <Switch
        size="small"
        checked={active}
        loading={update.isPending}
        onChange={(on) => void toggle(on)}
        aria-label={intl.formatMessage({ id: 'subaccount.status.switch' }, { username: sub.username })}
        data-testid="sub-status"
      />
      <Tag color={active ? 'success' : 'default'} data-status={sub.status} style={{ marginInlineEnd: 0 }}>
        <FormattedMessage id={active ? 'subaccount.status.active' : 'subaccount.status.disabled'} />
      </Tag>
      {/* "Active" alone would hide that a sub-account ran dry (docs/product.md#traffic-totals). */}
      <SubTrafficTag sub={sub} />
    </Flex>
  );
}
