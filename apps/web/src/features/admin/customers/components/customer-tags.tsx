import type { CustomerRole, CustomerStatus } from '@resiport/contract';
import { Tag } from 'antd';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../../locales/types';

const statusLook: Record<CustomerStatus, { color: string; text: MessageId }> = {
  pending: { color: 'gold', text: 'admin.customers.status.pending' },
  active: { color: 'green', text: 'admin.customers.status.active' },
  disabled: { color: 'red', text: 'admin.customers.status.disabled' },
};

/** An account's status as a coloured tag (pending, active, disabled). */
export function CustomerStatusTag({ status }: { status: CustomerStatus }) {
  const look = statusLook[status];
  return (
    <Tag color={look.color} data-testid="customer-status">
      <FormattedMessage id={look.text} />
    </Tag>
  );
}

/** "Operator" stands out; a customer's role is plain text. */
export function CustomerRoleTag({ role }: { role: CustomerRole }) {
  return role === 'operator' ? (
    <Tag color="purple" data-testid="customer-role">
      <FormattedMessage id="admin.customers.role.operator" />
    </Tag>
  ) : (
    <span data-testid="customer-role">
      <FormattedMessage id="admin.customers.role.customer" />
    </span>
  );
}
