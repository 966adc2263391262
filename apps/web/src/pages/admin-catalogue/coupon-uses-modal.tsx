import type { AdminCoupon, CouponUse } from '@resiport/contract';
import { Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FadeModal } from '../../components/fade-modal';
import { PagedTable } from '../../components/paged-table';
import { UtcDateTime } from '../../components/utc-date-time';
import { adminCustomerHref } from '../../config/paths';
import { useCouponUses } from '../../features/admin/catalogue/api/get-coupon-uses';
import { formatCount } from '../../lib/format';

const PAGE_SIZE = 10;

function CouponUsesTable({ coupon }: { coupon: AdminCoupon }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const uses = useCouponUses(coupon.id, page, PAGE_SIZE);
  const columns: TableColumnsType<CouponUse> = [
    {
      key: 'customer',
      dataIndex: 'email',
      title: intl.formatMessage({ id: 'admin.catalogue.uses.col.customer' }),
      render: (email: string, use) => <Link to={adminCustomerHref(use.account_id)}>{email}</Link>,
    },
    {
      key: 'uses',
      dataIndex: 'uses',
      title: intl.formatMessage({ id: 'admin.catalogue.uses.col.uses' }),
      render: (count: number) => formatCount(count, intl.locale),
    },
    {
      key: 'last',
      dataIndex: 'last_used_at',
      title: intl.formatMessage({ id: 'admin.catalogue.uses.col.last' }),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
  ];
  return (
    <PagedTable<CouponUse>
      testId="coupon-uses-table"
      rowKey="account_id"
      size="small"
      columns={columns}
      query={uses}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      totalText="admin.total"
      failed={{ title: 'admin.loadFailed', hint: 'admin.loadFailed.hint' }}
      empty={<EmptyState title="admin.catalogue.uses.empty" hint="admin.catalogue.uses.emptyHint" />}
    />
  );
}

/** Who used a coupon and how often (orders not cancelled), each customer linked to their page. */
export function CouponUsesModal({
  coupon,
  onClose,
}: {
  coupon: AdminCoupon | undefined;
  onClose: () => void;
}) {
  return (
    <FadeModal
      open={coupon !== undefined}
      title={<FormattedMessage id="admin.catalogue.uses.title" values={{ code: coupon?.code ?? '' }} />}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {coupon && (
        <>
          <Typography.Paragraph type="secondary">
            <FormattedMessage id="admin.catalogue.uses.hint" values={{ total: coupon.uses }} />
          </Typography.Paragraph>
          <CouponUsesTable coupon={coupon} />
        </>
      )}
    </FadeModal>
  );
}
