import { Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import {
  formatBytesExact,
  formatMb,
  formatSignedMb,
  formatSignedTraffic,
  formatTraffic,
} from '../../../lib/format';

/**
 * A usage statistic in MB (docs/product.md#units-and-time; the column or label names the unit), with the same amount as
 * every other screen states it (GB from 1 GB) and the exact bytes on hover, so "1,488.00" on the
 * usage page and "1.48 GB" in the header are visibly the same traffic.
 */
export function MbText({
  bytes,
  signed = false,
  shown,
  style,
}: {
  bytes: number;
  signed?: boolean;
  /** What to show instead of `bytes` rounded (a change chained to shown balances); hover keeps `bytes`. */
  shown?: string;
  style?: CSSProperties;
}) {
  const intl = useIntl();
  const exact = intl.formatMessage(
    { id: 'common.bytesExact' },
    { n: Math.abs(bytes), bytes: formatBytesExact(bytes, intl.locale) },
  );
  const readable = signed ? formatSignedTraffic(bytes, intl.locale) : formatTraffic(bytes, intl.locale);
  return (
    <Tooltip title={`${readable} · ${exact}`}>
      <span style={style}>
        {shown ?? (signed ? formatSignedMb(bytes, intl.locale) : formatMb(bytes, intl.locale))}
      </span>
    </Tooltip>
  );
}
