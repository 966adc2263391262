import type { SubAccount } from '@resiport/contract';
import { Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatTraffic } from '../../../lib/format';
import { overrunOf } from '../sub-account-text';

/** One line for what a sub-account used beyond its allocation (nothing when it did not). */
export function SubOverrunLine({ sub }: { sub: Pick<SubAccount, 'allocated_bytes' | 'traffic_used_bytes'> }) {
  const intl = useIntl();
  const overrun = overrunOf(sub);
  if (overrun === 0) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="sub-overrun">
      <FormattedMessage id="subaccount.overrun" values={{ amount: formatTraffic(overrun, intl.locale) }} />
    </Typography.Text>
  );
}
