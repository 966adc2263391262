import type { OverviewData } from '@resiport/contract';
import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatBytesExact, formatCount, formatTraffic, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

type WindowFigures = OverviewData['windows'][number];

interface Stat {
  id: string;
  title: MessageId;
  hint: MessageId;
  value: string;
  /** The exact figure on hover, where the shown one is rounded (traffic). */
  exact?: string;
}

/** The window's figures as cards: money, then traffic, then customers. */
export function WindowStats({ figures }: { figures: WindowFigures }) {
  const intl = useIntl();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const traffic = (bytes: number) => ({
    value: formatTraffic(bytes, intl.locale),
    exact: intl.formatMessage(
      { id: 'admin.overview.bytes' },
      { bytes: formatBytesExact(bytes, intl.locale) },
    ),
  });
  const groups: Stat[][] = [
    [
      {
        id: 'topups',
        title: 'admin.overview.topups',
        hint: 'admin.overview.topups.hint',
        value: usd(figures.topups_cents),
      },
      {
        id: 'orders',
        title: 'admin.overview.orders',
        hint: 'admin.overview.orders.hint',
        value: usd(figures.order_payments_cents),
      },
      {
        id: 'refunds',
        title: 'admin.overview.refunds',
        hint: 'admin.overview.refunds.hint',
        value: usd(figures.refunds_cents),
      },
      {
        id: 'adjustments',
        title: 'admin.overview.adjustments',
        hint: 'admin.overview.adjustments.hint',
        value: usd(figures.adjustments_cents),
      },
    ],
    [
      {
        id: 'sold',
        title: 'admin.overview.sold',
        hint: 'admin.overview.sold.hint',
        ...traffic(figures.sold_bytes),
      },
      {
        id: 'carried',
        title: 'admin.overview.carried',
        hint: 'admin.overview.carried.hint',
        ...traffic(figures.carried_bytes),
      },
      {
        id: 'overrun',
        title: 'admin.overview.overrun',
        hint: 'admin.overview.overrun.hint',
        ...traffic(figures.overrun_bytes),
      },
    ],
    [
      {
        id: 'new',
        title: 'admin.overview.newCustomers',
        hint: 'admin.overview.newCustomers.hint',
        value: formatCount(figures.new_customers, intl.locale),
      },
      {
        id: 'active',
        title: 'admin.overview.activeCustomers',
        hint: 'admin.overview.activeCustomers.hint',
        value: formatCount(figures.active_customers, intl.locale),
      },
    ],
  ];
  return (
    <>
      {groups.map((group) => (
        <Row gutter={[16, 16]} key={group[0]?.id}>
          {group.map((stat) => (
            <Col xs={12} md={6} key={stat.id}>
              <Card size="small" style={{ height: '100%' }}>
                <Tooltip title={<FormattedMessage id={stat.hint} />}>
                  <Statistic
                    title={<FormattedMessage id={stat.title} />}
                    value={stat.value}
                    valueStyle={{ fontSize: 20 }}
                    valueRender={(node) => (
                      <span data-testid={`overview-${stat.id}`} title={stat.exact}>
                        {node}
                      </span>
                    )}
                  />
                </Tooltip>
              </Card>
            </Col>
          ))}
        </Row>
      ))}
    </>
  );
}
