import {
  CheckCircleOutlined,
  CrownOutlined,
  DollarOutlined,
  LogoutOutlined,
  MailOutlined,
  StopOutlined,
  SwapOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import type { CustomerDetail } from '@resiport/contract';
import { Button, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  AccessActionDialog,
  type AccessAction,
} from '../../features/admin/customers/components/access-action-dialog';
import { AdjustBalanceDialog } from '../../features/admin/customers/components/adjust-balance-dialog';
import { AdjustTrafficDialog } from '../../features/admin/customers/components/adjust-traffic-dialog';
import { ViewAsButton } from '../../features/admin/view-as/view-as-button';
import { useCurrentUser } from '../../lib/current-user';
import type { MessageId } from '../../locales/types';

type Dialog = 'balance' | 'traffic' | AccessAction;

/**
 * What the operator can do to this customer: adjust the balance or traffic, and the access actions
 * that fit the account's state (disable or enable, resend activation while pending, make or remove
 * an operator). Nothing that would act on the operator's own account is offered.
 */
export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  const me = useCurrentUser();
  const [dialog, setDialog] = useState<Dialog>();
  const { account } = customer;
  const self = me.id === account.id;
  const who = { id: account.id, email: account.email };

  const button = (target: Dialog, text: MessageId, icon: ReactNode, danger = false) => (
    <Button
      icon={icon}
      danger={danger}
      data-testid={`customer-action-${target}`}
      onClick={() => setDialog(target)}
    >
      <FormattedMessage id={text} />
    </Button>
  );

  return (
    <Flex gap={8} wrap data-testid="customer-actions">
      {button('balance', 'admin.customers.action.adjustBalance', <DollarOutlined />)}
      {button('traffic', 'admin.customers.action.adjustTraffic', <SwapOutlined />)}
      {account.status === 'disabled'
        ? button('enable', 'admin.customers.action.enable', <CheckCircleOutlined />)
        : !self && button('disable', 'admin.customers.action.disable', <StopOutlined />, true)}
      {account.status === 'pending' &&
        button('resendActivation', 'admin.customers.action.resendActivation', <MailOutlined />)}
      {!self && button('revokeSessions', 'admin.customers.action.revokeSessions', <LogoutOutlined />, true)}
      {account.role === 'customer'
        ? button('makeOperator', 'admin.customers.action.makeOperator', <CrownOutlined />)
        : !self &&
          button('unmakeOperator', 'admin.customers.action.unmakeOperator', <UserDeleteOutlined />, true)}
      <ViewAsButton accountId={account.id} email={account.email} />

      <AdjustBalanceDialog
        open={dialog === 'balance'}
        onClose={() => setDialog(undefined)}
        customer={{ ...who, balance_cents: customer.balance_cents }}
      />
      <AdjustTrafficDialog
        open={dialog === 'traffic'}
        onClose={() => setDialog(undefined)}
        customer={{ ...who, main_left_bytes: customer.traffic.main_left_bytes }}
      />
      <AccessActionDialog
        action={dialog === 'balance' || dialog === 'traffic' ? undefined : dialog}
        customer={who}
        onClose={() => setDialog(undefined)}
      />
    </Flex>
  );
}
