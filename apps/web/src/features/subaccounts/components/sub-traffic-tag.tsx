import { subTrafficStateOf, type SubAccount } from '@resiport/contract';
import { Tag, Tooltip } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * "Out of traffic" (its proxies stop) or "Low traffic" beside a sub-account (the contract's
 * `subTrafficStateOf`: under 100 MB, or under 10% of what it was given); nothing when it has enough.
 */
export function SubTrafficTag({ sub }: { sub: Pick<SubAccount, 'traffic_left_bytes' | 'allocated_bytes'> }) {
  const intl = useIntl();
  const state = subTrafficStateOf(sub);
  if (state === 'ok') return null;
  const empty = state === 'empty';
  return (
    <Tooltip
      title={intl.formatMessage({
        id: empty ? 'subaccount.traffic.emptyHint' : 'subaccount.traffic.lowHint',
      })}
    >
      <Tag
        color={empty ? 'error' : 'warning'}
        data-testid="sub-traffic-state"
        data-state={state}
        style={{ marginInlineEnd: 0 }}
      >
        <FormattedMessage id={empty ? 'subaccount.traffic.empty' : 'subaccount.traffic.low'} />
      </Tag>
    </Tooltip>
  );
}
