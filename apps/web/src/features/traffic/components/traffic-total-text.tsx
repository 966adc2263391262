import type { UserInfo } from '@resiport/contract';
import { Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import { formatBytesExact, formatTrafficTotal } from '../../../lib/format';
import { totalTrafficLeft, trafficLeftParts } from '../traffic-alert';

/**
 * The customer's traffic left in total, as the sum of the parts shown beside it (main account +
 * sub-accounts, each rounded toward zero: issue 15), so "25.04 + 10.04" never reads "35.09".
 * The exact byte count is on hover.
 */
export function TrafficTotalText({
  user,
  testId,
}: {
  user: Pick<UserInfo, 'traffic_left_bytes' | 'subaccounts_traffic_left_bytes'>;
  testId?: string;
}) {
  const intl = useIntl();
  const bytes = totalTrafficLeft(user);
  const text = formatTrafficTotal(trafficLeftParts(user), intl.locale);
  const exact = intl.formatMessage(
    { id: 'common.bytesExact' },
    { n: bytes, bytes: formatBytesExact(bytes, intl.locale) },
  );
  return (
    <Tooltip title={exact}>
      <span data-testid={testId}>{text}</span>
    </Tooltip>
  );
}
