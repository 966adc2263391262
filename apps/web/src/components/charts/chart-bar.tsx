import { theme } from 'antd';
import type { BarCategory, BarSeries } from './bar-chart';
import { barHeight, stack, type Band } from './chart-scale';
import { AXIS_FONT } from './chart-style';

export interface ChartBarProps {
  category: BarCategory;
  /** Which category this is: the index into each series' values. */
  index: number;
  series: readonly BarSeries[];
  geometry: Band;
  /** The sum of the series' values here (negatives as 0). */
  total: number | undefined;
  /** Highlighted: hovered, or chosen with the keyboard. */
  active: boolean;
  /** Whether its axis label fits. */
  showLabel: boolean;
  /** The value at the top of the axis. */
  axisTop: number;
  /** The plot's top edge and baseline, in px from the chart's top edge. */
  top: number;
  bottom: number;
  plotHeight: number;
  onActivate: () => void;
}

/** One category: its highlight, its stacked segments, its axis label and the area that takes the hover. */
export function ChartBar({
  category,
  index,
  series,
  geometry,
  total,
  active,
  showLabel,
  axisTop,
  top,
  bottom,
  plotHeight,
  onActivate,
}: ChartBarProps) {
  const { token } = theme.useToken();
  const segments = stack(series.map((one) => one.values[index] ?? 0));
  return (
    <g>
      {active && (
        <rect
          x={geometry.bandX}
          y={top}
          width={geometry.bandWidth}
          height={plotHeight}
          fill={token.colorPrimaryBg}
        />
      )}
      {series.map((one, order) => {
        const segment = segments[order];
        if (!segment || segment.to === segment.from) return null;
        const from = barHeight(segment.from, axisTop, plotHeight);
        const to = barHeight(segment.to, axisTop, plotHeight);
        return (
          <rect
            key={one.key}
            x={geometry.x}
            y={bottom - to}
            width={geometry.width}
            // At least a hairline: a few bytes still show as used.
            height={Math.max(1, to - from)}
            fill={one.color}
          />
        );
      })}
      {showLabel && (
        <text
          x={geometry.center}
          y={bottom + 16}
          textAnchor="middle"
          fontSize={AXIS_FONT}
          fill={token.colorTextSecondary}
        >
          {category.axisLabel}
        </text>
      )}
      <rect
        data-period={category.key}
        data-total={total}
        x={geometry.bandX}
        y={top}
        width={geometry.bandWidth}
        height={plotHeight}
        fill="transparent"
        onMouseEnter={onActivate}
        onClick={onActivate}
      />
    </g>
  );
}
