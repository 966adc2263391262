import { Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import { formatBytesExact, formatTraffic } from '../lib/format';

/**
 * An amount of traffic as every screen shows it (lib/format.ts: GB from 1 GB, MB below, two
 * decimals toward zero), with the exact byte count on hover.
 */
export function TrafficText({ bytes, testId }: { bytes: number; testId?: string }) {
  const intl = useIntl();
  return (
    <Tooltip
      title={intl.formatMessage(
        { id: 'common.bytesExact' },
        {
          n: bytes,
          bytes: formatBytesExact(bytes, intl.locale),
        },
      )}
    >
      <span data-testid={testId}>{formatTraffic(bytes, intl.locale)}</span>
    </Tooltip>
  );
}
