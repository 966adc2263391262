import { subLimitStateOf, type SubAccount } from '@resiport/contract';
import { Tag, Tooltip } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * "Expired" (its last day is over) or "Cap reached" (it stops until the UTC day or month turns)
 * beside a sub-account — the contract's `subLimitStateOf`; nothing while its limits let it work.
 */
export function SubLimitTag({ sub }: { sub: SubAccount }) {
  const intl = useIntl();
  const state = subLimitStateOf(sub);
  if (state === 'ok') return null;
  const expired = state === 'expired';
  return (
    <Tooltip
      title={intl.formatMessage({ id: expired ? 'sublimits.expiredHint' : 'sublimits.capReachedHint' })}
    >
      <Tag
        color={expired ? 'error' : 'warning'}
        data-testid="sub-limit-state"
        data-state={state}
        style={{ marginInlineEnd: 0 }}
      >
        <FormattedMessage id={expired ? 'sublimits.expired' : 'sublimits.capReached'} />
      </Tag>
    </Tooltip>
  );
}
