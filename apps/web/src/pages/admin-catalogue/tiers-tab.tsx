import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { BASE_TIER_GB, type PriceTier } from '@resiport/contract';
import { Button, Flex, message, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { useTiers } from '../../features/admin/catalogue/api/get-tiers';
import { useRemoveTier } from '../../features/admin/catalogue/api/remove-tier';
import { formatCount, formatUsd } from '../../lib/format';
import { rowTestId } from '../../lib/row-test-id';
import { ReasonConfirm } from '../../features/admin/components/reason-confirm';
import { TierDialog, type TierDialogState } from './tier-dialog';

/** The per-GB price tiers: add one, change a price, remove one (never the 1 GB base tier). */
export function TiersTab() {
  const intl = useIntl();
  const tiers = useTiers();
  const remove = useRemoveTier();
  const [dialog, setDialog] = useState<TierDialogState>();
  const [removing, setRemoving] = useState<PriceTier>();

  const columns: TableColumnsType<PriceTier> = [
    {
      key: 'from',
      dataIndex: 'min_gb',
      title: intl.formatMessage({ id: 'admin.catalogue.tiers.col.from' }),
      render: (minGb: number) => (
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong style={{ fontSize: 'inherit' }}>
            <FormattedMessage
              id="admin.catalogue.tiers.fromGb"
              values={{ gb: formatCount(minGb, intl.locale) }}
            />
          </Typography.Text>
          {minGb === BASE_TIER_GB && (
            <Tag>
              <FormattedMessage id="admin.catalogue.tiers.base" />
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'price',
      dataIndex: 'price_per_gb_cents',
      title: intl.formatMessage({ id: 'admin.catalogue.tiers.col.price' }),
      render: (cents: number) => formatUsd(cents, intl.locale),
    },
    {
      key: 'actions',
      title: intl.formatMessage({ id: 'common.col.actions' }),
      render: (_value, tier) => (
        <Flex gap={0} wrap>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            data-testid="tier-edit"
            onClick={() => setDialog({ mode: 'edit', tier })}
          >
            <FormattedMessage id="admin.catalogue.tiers.edit" />
          </Button>
          {tier.min_gb !== BASE_TIER_GB && (
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              data-testid="tier-remove"
              onClick={() => setRemoving(tier)}
            >
              <FormattedMessage id="admin.catalogue.tiers.remove" />
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Text type="secondary" style={{ maxWidth: 640 }}>
          <FormattedMessage id="admin.catalogue.tiers.hint" />
        </Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="tier-add"
          onClick={() => setDialog({ mode: 'add' })}
        >
          <FormattedMessage id="admin.catalogue.tiers.add" />
        </Button>
      </Flex>
      <PagedTable<PriceTier>
        testId="tiers-table"
        rowKey="min_gb"
        columns={columns}
        query={tiers}
        page={1}
        pageSize={100}
        onPage={() => undefined}
        totalText="admin.total"
        failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
        empty={<EmptyState title="admin.catalogue.tiers.empty" hint="admin.catalogue.tiers.emptyHint" />}
        onRow={(tier) => rowTestId(`tier-row-${tier.min_gb}`)}
      />
      <TierDialog state={dialog} onClose={() => setDialog(undefined)} />
      <ReasonConfirm
        testId="tier-remove-confirm"
        open={removing !== undefined}
        title={
          <FormattedMessage id="admin.catalogue.tier.remove.title" values={{ gb: removing?.min_gb ?? 0 }} />
        }
        text={<FormattedMessage id="admin.catalogue.tier.remove.text" />}
        okText={<FormattedMessage id="admin.catalogue.tiers.remove" />}
        danger
        pending={remove.isPending}
        onConfirm={async (reason) => {
          await remove.mutateAsync({ min_gb: String(removing?.min_gb ?? ''), reason });
          void message.success(intl.formatMessage({ id: 'admin.catalogue.tier.removed' }));
        }}
        onClose={() => setRemoving(undefined)}
      />
    </Flex>
  );
}
