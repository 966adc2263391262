import type { PriceTier } from '@resiport/contract';
import { Table, Tag, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { tierRows, type TierRow } from '../../features/orders/price-tiers';
import { formatCount, formatUsd } from '../../lib/format';

interface PriceTierTableProps {
  tiers: readonly PriceTier[];
  /** The tier that prices the quantity being typed, highlighted. */
  active: PriceTier | undefined;
}

/** The price menu: price per GB by quantity, cheaper in bulk. */
export function PriceTierTable({ tiers, active }: PriceTierTableProps) {
  const intl = useIntl();
  const number = (value: number) => formatCount(value, intl.locale);
  const columns: TableColumnsType<TierRow> = [
    {
      key: 'quantity',
      title: intl.formatMessage({ id: 'neworder.tiers.col.quantity' }),
      render: (_value, tier) =>
        tier.max_gb === null ? (
          <FormattedMessage id="neworder.tiers.from" values={{ min: number(tier.min_gb) }} />
        ) : (
          <FormattedMessage
            id="neworder.tiers.range"
            values={{ min: number(tier.min_gb), max: number(tier.max_gb) }}
          />
        ),
    },
    {
      key: 'price',
      title: intl.formatMessage({ id: 'neworder.tiers.col.price' }),
      align: 'right',
      render: (_value, tier) => (
        <>
          {tier.min_gb === active?.min_gb && (
            <Tag color="blue">
              <FormattedMessage id="neworder.tiers.yours" />
            </Tag>
          )}
          {formatUsd(tier.price_per_gb_cents, intl.locale)}
        </>
      ),
    },
  ];
  return (
    <Table<TierRow>
      data-testid="order-tiers"
      size="small"
      rowKey="min_gb"
      columns={columns}
      dataSource={tierRows(tiers)}
      pagination={false}
      rowClassName={(tier) => (tier.min_gb === active?.min_gb ? 'order-tier-active' : '')}
      aria-label={intl.formatMessage({ id: 'neworder.tiers.title' })}
    />
  );
}
