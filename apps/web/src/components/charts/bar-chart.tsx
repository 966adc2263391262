import { theme } from 'antd';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChartBar } from './chart-bar';
import { ChartLegend } from './chart-legend';
import { band, labelEvery, niceTicks, stepDecimals, textWidth } from './chart-scale';
import { AXIS_FONT, visuallyHidden } from './chart-style';
import { ChartTooltip } from './chart-tooltip';
import { ChartValueAxis } from './chart-value-axis';
import { useElementWidth } from './use-element-width';

export interface BarCategory {
  key: string;
  /** Short text under the axis (`May 12`, `14:00`); shown as room allows. */
  axisLabel: string;
  /** The whole period, for the tooltip and screen readers. */
  label: string;
}

export interface BarSeries {
  key: string;
  label: string;
  color: string;
  /** One value per category; stacked in series order, the first at the bottom. */
  values: readonly number[];
}

export interface BarChartProps {
  categories: readonly BarCategory[];
  series: readonly BarSeries[];
  /** A value as the tooltip shows it (exact, with its unit). */
  formatValue: (value: number) => string;
  /** An axis tick, written with `decimals` decimals. */
  formatTick: (value: number, decimals: number) => string;
  /** What the chart shows, for screen readers. */
  ariaLabel: string;
  /** How to read it with the keyboard, for screen readers. */
  ariaDescription?: string;
  /** Written above the value axis, e.g. "MB". */
  unit?: string;
  /** "Total" in the tooltip of a stacked chart. */
  totalLabel?: string;
  /** Shown over the empty axes when every value is zero. */
  emptyText?: ReactNode;
  height?: number;
  testId?: string;
}

/** Colours for stacked series, distinguishable on white; "other" (the rest of the account) is grey. */
export const chartPalette = ['#1677ff', '#13c2c2', '#fa8c16', '#722ed1', '#eb2f96', '#52c41a'] as const;
export const chartOtherColor = '#bfbfbf';

/**
 * A small, dependency-free SVG bar chart (stacked when given several series): its width follows
 * its container (ResizeObserver), the value axis has nice ticks, hovering or the arrow keys show
 * a bar's exact values, and a polite live region reads them out.
 */
export function BarChart({
  categories,
  series,
  formatValue,
  formatTick,
  ariaLabel,
  ariaDescription,
  unit,
  totalLabel,
  emptyText,
  height = 240,
  testId,
}: BarChartProps) {
  const { token } = theme.useToken();
  const [wrapper, width] = useElementWidth<HTMLDivElement>();
  const [active, setActive] = useState<number>();
  const descriptionId = useId();

  const count = categories.length;
  const totals = categories.map((_, index) =>
    series.reduce((sum, one) => sum + Math.max(0, one.values[index] ?? 0), 0),
  );
  const max = Math.max(0, ...totals);
  const empty = max === 0;
  const ticks = niceTicks(max, height < 200 ? 4 : 5);
  const decimals = stepDecimals(ticks.step);
  const tickLabels = ticks.values.map((value) => formatTick(value, decimals));

  const margin = {
    top: unit ? 22 : 10,
    right: 8,
    bottom: 24,
    left: Math.max(28, ...tickLabels.map((label) => textWidth(label, AXIS_FONT))) + 10,
  };
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = Math.max(0, height - margin.top - margin.bottom);
  const bottom = margin.top + plotHeight;
  const every = labelEvery(
    count,
    plotWidth,
    Math.max(0, ...categories.map((category) => textWidth(category.axisLabel, AXIS_FONT))) + 8,
  );
  const shown = active !== undefined && active < count ? active : undefined;

  const describe = (index: number) => {
    const category = categories[index];
    if (!category) return '';
    const parts =
      series.length > 1 ? series.map((one) => `${one.label}: ${formatValue(one.values[index] ?? 0)}`) : [];
    const total = formatValue(totals[index] ?? 0);
    return [
      category.label,
      ...parts,
      series.length > 1 && totalLabel ? `${totalLabel}: ${total}` : total,
    ].join(', ');
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (count === 0) return;
    const current = shown ?? count - 1;
    const next: Record<string, number> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(count - 1, current + 1),
      Home: 0,
      End: count - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setActive(target);
  };

  return (
    <div data-testid={testId} data-bars={count} data-empty={empty} style={{ width: '100%' }}>
      <div ref={wrapper} style={{ position: 'relative', width: '100%', height }}>
        {width > 0 && (
          <svg
            width={width}
            height={height}
            role="img"
            aria-label={ariaLabel}
            aria-describedby={ariaDescription ? descriptionId : undefined}
            tabIndex={count > 0 ? 0 : -1}
            onKeyDown={onKeyDown}
            onFocus={() => setActive((current) => current ?? (count > 0 ? count - 1 : undefined))}
            onBlur={() => setActive(undefined)}
            onMouseLeave={() => setActive(undefined)}
            style={{ display: 'block', outlineOffset: 2, fontFamily: 'inherit' }}
          >
            <ChartValueAxis
              ticks={ticks}
              tickLabels={tickLabels}
              unit={unit}
              left={margin.left}
              plotWidth={plotWidth}
              plotHeight={plotHeight}
              bottom={bottom}
            />
            {categories.map((category, index) => (
              <ChartBar
                key={category.key}
                category={category}
                index={index}
                series={series}
                geometry={band(index, count, margin.left, plotWidth)}
                total={totals[index]}
                active={shown === index}
                showLabel={index % every === 0}
                axisTop={ticks.top}
                top={margin.top}
                bottom={bottom}
                plotHeight={plotHeight}
                onActivate={() => setActive(index)}
              />
            ))}
          </svg>
        )}
        {shown !== undefined && width > 0 && (
          <ChartTooltip
            label={categories[shown]?.label}
            series={series}
            index={shown}
            total={totals[shown] ?? 0}
            formatValue={formatValue}
            totalLabel={totalLabel}
            anchor={band(shown, count, margin.left, plotWidth).center}
            top={margin.top}
            chartWidth={width}
            testId={testId}
          />
        )}
        {empty && emptyText && (
          <div
            style={{
              position: 'absolute',
              inset: `${margin.top}px ${margin.right}px ${margin.bottom}px ${margin.left}px`,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              textAlign: 'center',
              color: token.colorTextSecondary,
              pointerEvents: 'none',
            }}
          >
            {emptyText}
          </div>
        )}
      </div>
      {series.length > 1 && <ChartLegend series={series} />}
      {ariaDescription && (
        <span id={descriptionId} style={visuallyHidden}>
          {ariaDescription}
        </span>
      )}
      <span aria-live="polite" style={visuallyHidden}>
        {shown !== undefined ? describe(shown) : ''}
      </span>
    </div>
  );
}
