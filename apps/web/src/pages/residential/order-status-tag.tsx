import type { OrderStatus } from '@resiport/contract';
import { Tag } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../locales/types';

export const orderStatusText: Record<OrderStatus, MessageId> = {
  unpaid: 'order.status.unpaid',
  paid: 'order.status.paid',
  cancelled: 'order.status.cancelled',
  refunded: 'order.status.refunded',
};

const statusColor: Record<OrderStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  cancelled: 'default',
  refunded: 'purple',
};

/** An order's status as a coloured tag; `data-status` carries the raw value for tests. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={statusColor[status]} data-status={status}>
      <FormattedMessage id={orderStatusText[status]} />
    </Tag>
  );
}
