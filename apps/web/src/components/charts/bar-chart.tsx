import { theme } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { band, barHeight, labelEvery, niceTicks, stack, stepDecimals, textWidth } from './chart-scale';

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

const AXIS_FONT = 11;

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
  const wrapper = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number>();
  const descriptionId = useId();

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

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

  const anchor = shown === undefined ? 0 : band(shown, count, margin.left, plotWidth).center;
  const tooltip = shown !== undefined && width > 0 && (
    <div
      role="presentation"
      data-testid={testId ? `${testId}-tooltip` : undefined}
      style={{
        position: 'absolute',
        top: margin.top,
        left: anchor,
        // Beside the bar, on the side with room, so it never hides the bar it describes.
        transform: anchor > width / 2 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
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
      <div style={{ fontWeight: 600 }}>{categories[shown]?.label}</div>
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
              {formatValue(one.values[shown] ?? 0)}
            </span>
          </div>
        ))}
      <div style={{ fontVariantNumeric: 'tabular-nums', fontWeight: series.length > 1 ? 600 : 400 }}>
        {series.length > 1 && totalLabel ? `${totalLabel}: ` : ''}
        {formatValue(totals[shown] ?? 0)}
      </div>
    </div>
  );

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
            {unit && (
              <text
                x={margin.left - 8}
                y={12}
                textAnchor="end"
                fontSize={AXIS_FONT}
                fill={token.colorTextSecondary}
              >
                {unit}
              </text>
            )}
            {ticks.values.map((value, index) => {
              const y = bottom - barHeight(value, ticks.top, plotHeight);
              return (
                <g key={value}>
                  <line
                    x1={margin.left}
                    x2={margin.left + plotWidth}
                    y1={y}
                    y2={y}
                    stroke={index === 0 ? token.colorBorder : token.colorBorderSecondary}
                    strokeDasharray={index === 0 ? undefined : '3 3'}
                  />
                  <text
                    x={margin.left - 6}
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
            {categories.map((category, index) => {
              const geometry = band(index, count, margin.left, plotWidth);
              const segments = stack(series.map((one) => one.values[index] ?? 0));
              return (
                <g key={category.key}>
                  {shown === index && (
                    <rect
                      x={geometry.bandX}
                      y={margin.top}
                      width={geometry.bandWidth}
                      height={plotHeight}
                      fill={token.colorPrimaryBg}
                    />
                  )}
                  {series.map((one, order) => {
                    const segment = segments[order];
                    if (!segment || segment.to === segment.from) return null;
                    const from = barHeight(segment.from, ticks.top, plotHeight);
                    const to = barHeight(segment.to, ticks.top, plotHeight);
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
                  {index % every === 0 && (
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
                    data-total={totals[index]}
                    x={geometry.bandX}
                    y={margin.top}
                    width={geometry.bandWidth}
                    height={plotHeight}
                    fill="transparent"
                    onMouseEnter={() => setActive(index)}
                    onClick={() => setActive(index)}
                  />
                </g>
              );
            })}
          </svg>
        )}
        {tooltip}
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
      {series.length > 1 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginTop: 8, fontSize: 12 }}>
          {series.map((one) => (
            <span key={one.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: one.color,
                  display: 'inline-block',
                }}
              />
              {one.label}
            </span>
          ))}
        </div>
      )}
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

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
