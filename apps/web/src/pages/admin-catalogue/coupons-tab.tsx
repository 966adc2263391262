import { PlusOutlined } from '@ant-design/icons';
import { couponStatuses, type AdminCoupon, type CouponStatus } from '@resiport/contract';
import { Button, Flex, Input, message, Select } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { useCoupons } from '../../features/admin/catalogue/api/get-coupons';
import { useDisableCoupon } from '../../features/admin/catalogue/api/disable-coupon';
import { rowTestId } from '../../lib/row-test-id';
import { useCouponColumns } from './coupon-columns';
import { CouponDialog, type CouponDialogState } from './coupon-dialog';
import { CouponUsesModal } from './coupon-uses-modal';
import { ReasonConfirm } from '../../features/admin/components/reason-confirm';

const PAGE_SIZE = 20;

/** Coupons, newest first: search by code or email, filter by status; create, edit, disable, see uses. */
export function CouponsTab() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<CouponStatus>();
  const coupons = useCoupons({
    page,
    page_size: PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
  });
  const disable = useDisableCoupon();
  const [dialog, setDialog] = useState<CouponDialogState>();
  const [disabling, setDisabling] = useState<AdminCoupon>();
  const [showingUses, setShowingUses] = useState<AdminCoupon>();
  const columns = useCouponColumns({
    onEdit: (coupon) => setDialog({ mode: 'edit', coupon }),
    onDisable: setDisabling,
    onUses: setShowingUses,
  });
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const filtered = q !== '' || status !== undefined;
  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      data-testid="coupon-add"
      onClick={() => setDialog({ mode: 'add' })}
    >
      <FormattedMessage id="admin.catalogue.coupons.add" />
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={8} wrap>
        <Flex gap={8} wrap style={{ flex: '1 1 320px' }}>
          <Input.Search
            data-testid="coupons-search"
            allowClear
            style={{ maxWidth: 320 }}
            value={search}
            placeholder={intl.formatMessage({ id: 'admin.catalogue.coupons.search' })}
            enterButton={intl.formatMessage({ id: 'admin.search' })}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => refilter(() => setQ(value.trim()))}
          />
          <Select<CouponStatus>
            data-testid="coupons-status"
            allowClear
            style={{ minWidth: 180 }}
            value={status}
            placeholder={intl.formatMessage({ id: 'admin.catalogue.coupons.status.all' })}
            onChange={(value) => refilter(() => setStatus(value))}
            options={couponStatuses.map((name) => ({
              value: name,
              label: intl.formatMessage({ id: `admin.catalogue.coupon.status.${name}` }),
            }))}
          />
        </Flex>
        {add}
      </Flex>
      <PagedTable<AdminCoupon>
        testId="coupons-table"
        rowKey="id"
        columns={columns}
        query={coupons}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        totalText="admin.total"
        failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
        empty={
          filtered ? (
            <EmptyState title="admin.catalogue.coupons.noMatch" hint="admin.catalogue.coupons.noMatchHint" />
          ) : (
            <EmptyState
              title="admin.catalogue.coupons.empty"
              hint="admin.catalogue.coupons.emptyHint"
              action={add}
            />
          )
        }
        onRow={(coupon) => rowTestId(`coupon-row-${coupon.code}`)}
      />
      <CouponDialog state={dialog} onClose={() => setDialog(undefined)} />
      <CouponUsesModal coupon={showingUses} onClose={() => setShowingUses(undefined)} />
      <ReasonConfirm
        testId="coupon-disable-confirm"
        open={disabling !== undefined}
        title={
          <FormattedMessage
            id="admin.catalogue.coupon.disable.title"
            values={{ code: disabling?.code ?? '' }}
          />
        }
        text={<FormattedMessage id="admin.catalogue.coupon.disable.text" />}
        okText={<FormattedMessage id="admin.catalogue.disable" />}
        danger
        pending={disable.isPending}
        onConfirm={async (reason) => {
          if (!disabling) return;
          await disable.mutateAsync({ id: disabling.id, reason });
          void message.success(
            intl.formatMessage({ id: 'admin.catalogue.coupon.disabled' }, { code: disabling.code }),
          );
        }}
        onClose={() => setDisabling(undefined)}
      />
    </Flex>
  );
}
