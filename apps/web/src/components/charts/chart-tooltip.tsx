import { theme } from 'antd';
import type { BarSeries } from './bar-chart';

export interface ChartTooltipProps {
  /** The whole period of the bar described. */
  label: string | undefined;
  series: readonly BarSeries[];
  /** Which category (bar) is described. */
  index: number;
  total: number;
  formatValue: (value: number) => string;
  totalLabel?: string;
  /** Where the bar's centre is, in pixels from the chart's left edge. */
  anchor: number;
  top: number;
  /** The chart's width, to put the tooltip on the side with room. */
  chartWidth: number;
  testId?: string;
}

/** A bar's exact values (each series and the total when stacked), beside the bar. */
export function ChartTooltip({
  label,
  series,
  index,
  total,
  formatValue,
  totalLabel,
  anchor,
  top,
  chartWidth,
  testId,
}: ChartTooltipProps) {
  const { token } = theme.useToken();
  return (
    <div
      role="presentation"
      data-testid={testId ? `${testId}-tooltip` : undefined}
      style={{
        position: 'absolute',
        top,
        left: anchor,
        // Beside the bar, on the side with room, so it never hides the bar it describes.
        transform: anchor > chartWidth / 2 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
        pointerEvents: 'none',
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadius,
        padding: '6px 10px',
        fontSize: 12,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
        zIndex: 1,
      }}
    >
      <div style={{ fontWeight: 600 }}>{label}</div>
      {series.length > 1 &&
        series.map((one) => (
          <div key={one.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <span
              style={{ width: 8, height: 8, borderRadius: 2, background: one.color, display: 'inline-block' }}
            />
            <span>{one.label}</span>
            <span
              style={{
                marginInlineStart: 'auto',
                paddingInlineStart: 12,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {formatValue(one.values[index] ?? 0)}
            </span>
          </div>
        ))}
      <div style={{ fontVariantNumeric: 'tabular-nums', fontWeight: series.length > 1 ? 600 : 400 }}>
        {series.length > 1 && totalLabel ? `${totalLabel}: ` : ''}
        {formatValue(total)}
      </div>
    </div>
  );
}
