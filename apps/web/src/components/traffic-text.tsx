import { Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import { formatBytesExact, formatTraffic } from '../lib/format';

/**
 * An amount of traffic as every screen shows it (lib/format.ts: GB from 1 GB, MB below, two
 * decimals toward zero), with the exact byte count on hover. `text` replaces the shown figure where
 * it must agree with others beside it (a total shown as the sum of its shown parts).
 */
export function TrafficText({ bytes, text, testId }: { bytes: number; text?: string; testId?: string }) {
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
      <span data-testid={testId}>{text ?? formatTraffic(bytes, intl.locale)}</span>
    </Tooltip>
  );
}
