import type { CustomerRow } from '@resiport/contract';
import { Tooltip, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { TrafficText } from '../../components/traffic-text';
import { UtcDateTime } from '../../components/utc-date-time';
import { adminCustomerHref } from '../../config/paths';
import { CustomerRoleTag, CustomerStatusTag } from '../../features/admin/customers/components/customer-tags';
import { formatCount, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

/** A customer per row: who, in what state, what they hold, when they last came. */
export function useCustomerColumns(): TableColumnsType<CustomerRow> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  return [
    { key: 'id', dataIndex: 'id', title: title('admin.customers.col.id'), render: (id: number) => `#${id}` },
    {
      key: 'email',
      dataIndex: 'email',
      title: title('admin.customers.col.email'),
      render: (email: string, row) => (
        // A real link too, so the keyboard and "open in a new tab" work, not only the row click.
        <Link to={adminCustomerHref(row.id)} onClick={(event) => event.stopPropagation()}>
          <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 260, color: 'inherit' }}>
            {email}
          </Typography.Text>
        </Link>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: title('admin.customers.col.status'),
      render: (status: CustomerRow['status']) => <CustomerStatusTag status={status} />,
    },
    {
      key: 'role',
      dataIndex: 'role',
      title: title('admin.customers.col.role'),
      render: (role: CustomerRow['role']) => <CustomerRoleTag role={role} />,
    },
    {
      key: 'balance',
      dataIndex: 'balance_cents',
      title: title('admin.customers.col.balance'),
      align: 'right',
      render: (cents: number) => formatUsd(cents, intl.locale),
    },
    {
      key: 'traffic',
      dataIndex: 'traffic_left_bytes',
      title: (
        <Tooltip title={<FormattedMessage id="admin.customers.trafficLeft.hint" />}>
          <span>{title('admin.customers.col.trafficLeft')}</span>
        </Tooltip>
      ),
      align: 'right',
      render: (bytes: number) => <TrafficText bytes={bytes} />,
    },
    {
      key: 'subaccounts',
      dataIndex: 'subaccount_count',
      title: title('admin.customers.col.subaccounts'),
      align: 'right',
      render: (count: number) => formatCount(count, intl.locale),
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('admin.customers.col.created'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'lastSeen',
      dataIndex: 'last_seen_at',
      title: title('admin.customers.col.lastSeen'),
      render: (iso: string | null) =>
        iso === null ? (
          <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
            <FormattedMessage id="admin.customers.never" />
          </Typography.Text>
        ) : (
          <UtcDateTime iso={iso} />
        ),
    },
  ];
}
