import { EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminPackage } from '@resiport/contract';
import { Button, Flex, message, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { useAdminPackages } from '../../features/admin/catalogue/api/get-packages';
import { useSetPackageActive } from '../../features/admin/catalogue/api/set-package-active';
import { packageName } from '../../features/orders/package-name';
import { formatCount, formatTraffic, formatUsd } from '../../lib/format';
import { rowTestId } from '../../lib/row-test-id';
import type { MessageId } from '../../locales/types';
import { PackageDialog, type PackageDialogState } from './package-dialog';
import { ReasonConfirm } from '../../features/admin/components/reason-confirm';

/** Every package, the trial and inactive ones too: add, edit, stop selling or sell again. */
export function PackagesTab() {
  const intl = useIntl();
  const packages = useAdminPackages();
  const setActive = useSetPackageActive();
  const [dialog, setDialog] = useState<PackageDialogState>();
  const [switching, setSwitching] = useState<AdminPackage>();
  const title = (id: MessageId) => intl.formatMessage({ id });

  const columns: TableColumnsType<AdminPackage> = [
    {
      key: 'package',
      dataIndex: 'code',
      title: title('admin.catalogue.packages.col.package'),
      render: (code: string, pack) => (
        <Flex vertical>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong style={{ fontSize: 'inherit' }}>
              {packageName(intl, code)}
            </Typography.Text>
            {pack.is_trial && (
              <Tag color="blue">
                <FormattedMessage id="admin.catalogue.packages.trial" />
              </Tag>
            )}
          </Flex>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {code}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'traffic',
      dataIndex: 'traffic_bytes',
      title: title('admin.catalogue.packages.col.traffic'),
      render: (bytes: number) => formatTraffic(bytes, intl.locale),
    },
    {
      key: 'price',
      dataIndex: 'price_cents',
      title: title('admin.catalogue.packages.col.price'),
      render: (cents: number) => formatUsd(cents, intl.locale),
    },
    {
      key: 'orders',
      dataIndex: 'order_count',
      title: title('admin.catalogue.packages.col.orders'),
      render: (count: number) => formatCount(count, intl.locale),
    },
    {
      key: 'status',
      dataIndex: 'active',
      title: title('admin.catalogue.packages.col.status'),
      render: (active: boolean) => (
        <Tag color={active ? 'green' : 'default'}>
          <FormattedMessage
            id={active ? 'admin.catalogue.packages.onSale' : 'admin.catalogue.packages.off'}
          />
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: title('common.col.actions'),
      render: (_value, pack) => (
        <Flex gap={0} wrap>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            data-testid="package-edit"
            onClick={() => setDialog({ mode: 'edit', pack })}
          >
            <FormattedMessage id="admin.catalogue.edit" />
          </Button>
          <Button
            size="small"
            type="link"
            danger={pack.active}
            icon={pack.active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            data-testid={pack.active ? 'package-disable' : 'package-enable'}
            onClick={() => setSwitching(pack)}
          >
            <FormattedMessage id={pack.active ? 'admin.catalogue.disable' : 'admin.catalogue.enable'} />
          </Button>
        </Flex>
      ),
    },
  ];

  const disabling = switching?.active === true;
  const code = switching?.code ?? '';
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Text type="secondary" style={{ maxWidth: 640 }}>
          <FormattedMessage id="admin.catalogue.packages.hint" />
        </Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="package-add"
          onClick={() => setDialog({ mode: 'add' })}
        >
          <FormattedMessage id="admin.catalogue.packages.add" />
        </Button>
      </Flex>
      <PagedTable<AdminPackage>
        testId="packages-table"
        rowKey="id"
        columns={columns}
        query={packages}
        page={1}
        pageSize={100}
        onPage={() => undefined}
        totalText="admin.total"
        failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
        empty={
          <EmptyState title="admin.catalogue.packages.empty" hint="admin.catalogue.packages.emptyHint" />
        }
        onRow={(pack) => rowTestId(`package-row-${pack.code}`)}
      />
      <PackageDialog state={dialog} onClose={() => setDialog(undefined)} />
      <ReasonConfirm
        testId="package-switch-confirm"
        open={switching !== undefined}
        title={
          <FormattedMessage
            id={disabling ? 'admin.catalogue.package.disable.title' : 'admin.catalogue.package.enable.title'}
            values={{ code }}
          />
        }
        text={
          <FormattedMessage
            id={disabling ? 'admin.catalogue.package.disable.text' : 'admin.catalogue.package.enable.text'}
          />
        }
        okText={<FormattedMessage id={disabling ? 'admin.catalogue.disable' : 'admin.catalogue.enable'} />}
        danger={disabling}
        pending={setActive.isPending}
        onConfirm={async (reason) => {
          if (!switching) return;
          await setActive.mutateAsync({ id: switching.id, active: disabling ? 'false' : 'true', reason });
          const done = disabling ? 'admin.catalogue.package.disabled' : 'admin.catalogue.package.enabled';
          void message.success(intl.formatMessage({ id: done }, { code }));
        }}
        onClose={() => setSwitching(undefined)}
      />
    </Flex>
  );
}
