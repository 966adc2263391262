import { theme } from 'antd';
import { barHeight, type Ticks } from './chart-scale';
import { AXIS_FONT } from './chart-style';

export interface ChartValueAxisProps {
  ticks: Ticks;
  /** One label per tick, as written beside it. */
  tickLabels: readonly string[];
  /** Written above the axis, e.g. "MB". */
  unit?: string;
  /** Where the plot starts, in px from the chart's left edge. */
  left: number;
  plotWidth: number;
  plotHeight: number;
  /** The plot's baseline, in px from the chart's top edge. */
  bottom: number;
}

/** The value axis: its unit, and a grid line with its label at each tick (solid at zero). */
export function ChartValueAxis({
  ticks,
  tickLabels,
  unit,
  left,
  plotWidth,
  plotHeight,
  bottom,
}: ChartValueAxisProps) {
  const { token } = theme.useToken();
  return (
    <>
      {unit && (
        <text x={left - 8} y={12} textAnchor="end" fontSize={AXIS_FONT} fill={token.colorTextSecondary}>
          {unit}
        </text>
      )}
      {ticks.values.map((value, index) => {
        const y = bottom - barHeight(value, ticks.top, plotHeight);
        return (
          <g key={value}>
            <line
              x1={left}
              x2={left + plotWidth}
              y1={y}
              y2={y}
              stroke={index === 0 ? token.colorBorder : token.colorBorderSecondary}
              strokeDasharray={index === 0 ? undefined : '3 3'}
            />
            <text
              x={left - 6}
              y={y}
              dy="0.32em"
              textAnchor="end"
              fontSize={AXIS_FONT}
              fill={token.colorTextSecondary}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {tickLabels[index]}
            </text>
          </g>
        );
      })}
    </>
  );
}
