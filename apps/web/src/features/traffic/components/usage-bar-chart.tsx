import type { UsageData } from '@resiport/contract';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BarChart, chartOtherColor, chartPalette } from '../../../components/charts/bar-chart';
import { BYTES_PER_MB } from '../../../config/business';
import { bytesToMb } from '../../../lib/format';
import { formatMb } from '../../../lib/format';
import { periodAxisLabel, periodFullLabel } from '../usage-periods';
import { usageChartData } from '../usage-chart-data';
import { ownerLabel } from './owner-name';

interface UsageBarChartProps {
  data: UsageData;
  /** One colour per biggest owner (and "other") instead of the total. */
  stacked: boolean;
  emptyText: ReactNode;
  height?: number;
  testId?: string;
}

/** `/traffic/usage` as bars in MB per hour or day (UTC), exact values on hover or with the arrow keys. */
export function UsageBarChart({ data, stacked, emptyText, height, testId }: UsageBarChartProps) {
  const intl = useIntl();
  const chart = usageChartData(data, stacked);
  const mb = intl.formatMessage({ id: 'usage.unit.mb' });
  const categories = chart.periods.map((period) => ({
    key: period,
    axisLabel: periodAxisLabel(period, data.granularity, intl.locale),
    label: periodFullLabel(period, data.granularity, intl.locale),
  }));
  // "Other" always comes last, so the owners take the palette in order.
  const series = chart.series.map((one, index) => ({
    key: one.key,
    label: ownerLabel(intl, one.owner),
    color:
      one.owner.kind === 'other'
        ? chartOtherColor
        : (chartPalette[index % chartPalette.length] ?? chartOtherColor),
    values: one.bytes.map(bytesToMb),
  }));
  return (
    <BarChart
      testId={testId}
      height={height}
      categories={categories}
      series={series}
      unit={mb}
      totalLabel={intl.formatMessage({ id: 'usage.chart.total' })}
      formatValue={(value) => `${formatMb(Math.round(value * BYTES_PER_MB), intl.locale)} ${mb}`}
      formatTick={(value, decimals) =>
        intl.formatNumber(value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
      }
      ariaLabel={intl.formatMessage(
        { id: 'usage.chart.aria' },
        { granularity: data.granularity, start: data.start_date, end: data.end_date },
      )}
      ariaDescription={intl.formatMessage({ id: 'usage.chart.keys' })}
      emptyText={emptyText}
    />
  );
}
