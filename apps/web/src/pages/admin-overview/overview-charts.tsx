import type { OverviewDay } from '@resiport/contract';
import { Card, Col, Row } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { BarChart, chartPalette } from '../../components/charts/bar-chart';
import { periodAxisLabel, periodFullLabel } from '../../features/traffic/usage-periods';
import { formatTraffic, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const BYTES_PER_GB = 1_000_000_000;

interface DailySeries {
  id: string;
  title: MessageId;
  unit: string;
  /** One value per day in `unit`. */
  values: number[];
  /** A value in `unit` as the tooltip shows it. */
  format: (value: number) => string;
}

/**
 * The last 30 UTC days, one chart per figure: top-ups and order payments are not parts of one
 * whole (orders are paid from top-ups), nor are traffic sold and carried, so none is stacked.
 */
export function OverviewCharts({ daily }: { daily: readonly OverviewDay[] }) {
  const intl = useIntl();
  const categories = daily.map((d) => ({
    key: d.day,
    axisLabel: periodAxisLabel(d.day, 'day', intl.locale),
    label: periodFullLabel(d.day, 'day', intl.locale),
  }));
  const usd = (value: number) => formatUsd(Math.round(value * 100), intl.locale);
  const traffic = (value: number) => formatTraffic(Math.round(value * BYTES_PER_GB), intl.locale);
  const gb = intl.formatMessage({ id: 'admin.overview.unit.gb' });
  const charts: DailySeries[] = [
    {
      id: 'topups',
      title: 'admin.overview.topups',
      unit: 'USD',
      format: usd,
      values: daily.map((d) => d.topups_cents / 100),
    },
    {
      id: 'orders',
      title: 'admin.overview.orders',
      unit: 'USD',
      format: usd,
      values: daily.map((d) => d.order_payments_cents / 100),
    },
    {
      id: 'sold',
      title: 'admin.overview.sold',
      unit: gb,
      format: traffic,
      values: daily.map((d) => d.sold_bytes / BYTES_PER_GB),
    },
    {
      id: 'carried',
      title: 'admin.overview.carried',
      unit: gb,
      format: traffic,
      values: daily.map((d) => d.carried_bytes / BYTES_PER_GB),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {charts.map((chart, index) => {
        const title = intl.formatMessage({ id: chart.title });
        return (
          <Col xs={24} lg={12} key={chart.id}>
            <Card
              size="small"
              title={<FormattedMessage id="admin.overview.chart.daily" values={{ figure: title }} />}
            >
              <BarChart
                testId={`overview-chart-${chart.id}`}
                height={180}
                categories={categories}
                series={[
                  {
                    key: chart.id,
                    label: title,
                    color: chartPalette[index] ?? chartPalette[0],
                    values: chart.values,
                  },
                ]}
                unit={chart.unit}
                formatValue={chart.format}
                formatTick={(value, decimals) =>
                  intl.formatNumber(value, {
                    minimumFractionDigits: decimals,
                    maximumFractionDigits: decimals,
                  })
                }
                ariaLabel={intl.formatMessage({ id: 'admin.overview.chart.daily' }, { figure: title })}
                emptyText={<FormattedMessage id="admin.overview.chart.empty" />}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
