import type { OrderStatus, PaymentDetail } from '@resiport/contract';
import { Flex, Tag, Typography } from 'antd';
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

/**
 * An order's status as a coloured tag, with its crypto payment's detail beside it (decision 026:
 * "Cancelled · underpaid"); `data-status` carries the raw value for tests.
 */
export function OrderStatusTag({
  status,
  detail = null,
}: {
  status: OrderStatus;
  detail?: PaymentDetail | null;
}) {
  const tag = (
    <Tag color={statusColor[status]} data-status={status} data-detail={detail ?? ''}>
      <FormattedMessage id={orderStatusText[status]} />
    </Tag>
  );
  if (detail === null) return tag;
  return (
    <Flex vertical align="start" gap={2}>
      {tag}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <FormattedMessage id={`payment.detail.${detail}`} />
      </Typography.Text>
    </Flex>
  );
}
