import { Tooltip } from 'antd';
import { useIntl } from 'react-intl';
import { formatLocalDateTimeHint, formatUtcDateTime } from '../lib/format';

/** A moment as every screen shows it: UTC and labelled (docs/product.md#units-and-time), the viewer's own time on hover. */
export function UtcDateTime({ iso }: { iso: string }) {
  const intl = useIntl();
  return (
    <Tooltip
      title={intl.formatMessage(
        { id: 'common.localTime' },
        { time: formatLocalDateTimeHint(iso, intl.locale) },
      )}
    >
      <span style={{ whiteSpace: 'nowrap' }}>{formatUtcDateTime(iso)}</span>
    </Tooltip>
  );
}
