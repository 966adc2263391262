import type { SubAccount } from '@resiport/contract';
import { Flex, message, Popconfirm, Switch, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUpdateSubStatus } from '../api/update-sub-status';
import { SubTrafficTag } from './sub-traffic-tag';

/**
 * A sub-account's status: the tag says it, the switch changes it. Turning it off asks first (its
 * proxies stop at once, connected ones too); turning it on does not. The switch moves once the server
 * has answered, so it never shows a state the gateway does not have.
 */
export function SubStatusSwitch({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const update = useUpdateSubStatus();
  const active = sub.status === 'active';
  const [confirming, setConfirming] = useState(false);

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
      <Popconfirm
        open={confirming}
        title={<FormattedMessage id="subaccount.status.disableTitle" values={{ username: sub.username }} />}
        description={<FormattedMessage id="subaccount.status.disableText" />}
        okText={<FormattedMessage id="subaccount.status.disableOk" />}
        okButtonProps={{ danger: true, 'data-testid': 'sub-status-confirm' }}
        cancelText={<FormattedMessage id="common.cancel" />}
        onConfirm={() => {
          setConfirming(false);
          void toggle(false);
        }}
        onCancel={() => setConfirming(false)}
      >
        <Switch
          size="small"
          checked={active}
          loading={update.isPending}
          onChange={(on) => (on ? void toggle(true) : setConfirming(true))}
          aria-label={intl.formatMessage({ id: 'subaccount.status.switch' }, { username: sub.username })}
          data-testid="sub-status"
        />
      </Popconfirm>
      <Tag color={active ? 'success' : 'default'} data-status={sub.status} style={{ marginInlineEnd: 0 }}>
        <FormattedMessage id={active ? 'subaccount.status.active' : 'subaccount.status.disabled'} />
      </Tag>
      {/* "Active" alone would hide that a sub-account ran dry (docs/product.md#traffic-totals). */}
      <SubTrafficTag sub={sub} />
    </Flex>
  );
}
