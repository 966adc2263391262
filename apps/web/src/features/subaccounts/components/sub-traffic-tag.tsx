import { subTrafficStateOf, type SubAccount, type SubTrafficState } from '@resiport/contract';
import { Tag, Tooltip } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../locales/types';

/** Each state's tag: red when its proxies stop, orange when low, grey when it was never given any. */
const looks: Record<Exclude<SubTrafficState, 'ok'>, { color: string; label: MessageId; hint: MessageId }> = {
  empty: { color: 'error', label: 'subaccount.traffic.empty', hint: 'subaccount.traffic.emptyHint' },
  low: { color: 'warning', label: 'subaccount.traffic.low', hint: 'subaccount.traffic.lowHint' },
  none: { color: 'default', label: 'subaccount.traffic.none', hint: 'subaccount.traffic.noneHint' },
};

/**
 * "Out of traffic" (its proxies stop), "Low traffic" or "No traffic yet" (allocated 0: nothing ran
 * out, so no alarm) beside a sub-account — the contract's `subTrafficStateOf`; nothing when it has enough.
 */
export function SubTrafficTag({ sub }: { sub: Pick<SubAccount, 'traffic_left_bytes' | 'allocated_bytes'> }) {
  const intl = useIntl();
  const state = subTrafficStateOf(sub);
  if (state === 'ok') return null;
  const look = looks[state];
  return (
    <Tooltip title={intl.formatMessage({ id: look.hint })}>
      <Tag
        color={look.color}
        data-testid="sub-traffic-state"
        data-state={state}
        style={{ marginInlineEnd: 0 }}
      >
        <FormattedMessage id={look.label} />
      </Tag>
    </Tooltip>
  );
}
