import { EditOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import type { AdminCoupon, CouponStatus } from '@resiport/contract';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UtcDateTime } from '../../components/utc-date-time';
import { formatCount, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const statusColor: Record<CouponStatus, string> = {
  active: 'green',
  expired: 'orange',
  used_up: 'gold',
  disabled: 'default',
};

export function CouponStatusTag({ status }: { status: CouponStatus }) {
  return (
    <Tag color={statusColor[status]}>
      <FormattedMessage id={`admin.catalogue.coupon.status.${status}`} />
    </Tag>
  );
}

interface CouponActions {
  onEdit: (coupon: AdminCoupon) => void;
  onDisable: (coupon: AdminCoupon) => void;
  onUses: (coupon: AdminCoupon) => void;
}

/** A coupon's code (and who it is for), discount, expiry, uses, status; then edit and disable. */
export function useCouponColumns({
  onEdit,
  onDisable,
  onUses,
}: CouponActions): TableColumnsType<AdminCoupon> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  const secondary = (text: ReactNode) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  return [
    {
      key: 'code',
      dataIndex: 'code',
      title: title('admin.catalogue.coupons.col.code'),
      render: (code: string, coupon) => (
        <Flex vertical>
          <Typography.Text strong copyable style={{ fontSize: 'inherit' }}>
            {code}
          </Typography.Text>
          {secondary(coupon.account_email ?? <FormattedMessage id="admin.catalogue.coupon.everyone" />)}
        </Flex>
      ),
    },
    {
      key: 'discount',
      dataIndex: 'value',
      title: title('admin.catalogue.coupons.col.discount'),
      render: (value: number, coupon) =>
        coupon.kind === 'percent' ? (
          <FormattedMessage id="admin.catalogue.coupon.percentOff" values={{ percent: value }} />
        ) : (
          <FormattedMessage
            id="admin.catalogue.coupon.fixedOff"
            values={{ amount: formatUsd(value, intl.locale) }}
          />
        ),
    },
    {
      key: 'expires',
      dataIndex: 'expires_at',
      title: title('admin.catalogue.coupons.col.expires'),
      render: (iso: string | null) =>
        iso === null ? <FormattedMessage id="admin.catalogue.coupon.never" /> : <UtcDateTime iso={iso} />,
    },
    {
      key: 'uses',
      dataIndex: 'uses',
      title: title('admin.catalogue.coupons.col.uses'),
      render: (uses: number, coupon) => (
        <Flex vertical align="start">
          <span data-testid="coupon-uses">
            {coupon.max_uses === null
              ? formatCount(uses, intl.locale)
              : `${formatCount(uses, intl.locale)} / ${formatCount(coupon.max_uses, intl.locale)}`}
          </span>
          {secondary(
            <FormattedMessage
              id="admin.catalogue.coupon.accounts"
              values={{ count: coupon.accounts_used }}
            />,
          )}
          {coupon.max_uses_per_account !== null &&
            secondary(
              <FormattedMessage
                id="admin.catalogue.coupon.perAccount"
                values={{ limit: coupon.max_uses_per_account }}
              />,
            )}
          {uses > 0 && (
            <Button
              size="small"
              type="link"
              icon={<TeamOutlined />}
              style={{ paddingInline: 0 }}
              data-testid="coupon-show-uses"
              onClick={() => onUses(coupon)}
            >
              <FormattedMessage id="admin.catalogue.coupon.showUses" />
            </Button>
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: title('admin.catalogue.coupons.col.status'),
      render: (status: CouponStatus) => <CouponStatusTag status={status} />,
    },
    {
      key: 'actions',
      title: title('common.col.actions'),
      render: (_value, coupon) => (
        <Flex gap={0} wrap>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            data-testid="coupon-edit"
            onClick={() => onEdit(coupon)}
          >
            <FormattedMessage id="admin.catalogue.edit" />
          </Button>
          {coupon.active && (
            <Button
              size="small"
              type="link"
              danger
              icon={<StopOutlined />}
              data-testid="coupon-disable"
              onClick={() => onDisable(coupon)}
            >
              <FormattedMessage id="admin.catalogue.disable" />
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}
