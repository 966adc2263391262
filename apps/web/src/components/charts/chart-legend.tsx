import type { BarSeries } from './bar-chart';

/** Which colour is which series, under a stacked chart. */
export function ChartLegend({ series }: { series: readonly BarSeries[] }) {
  return (
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
  );
}
