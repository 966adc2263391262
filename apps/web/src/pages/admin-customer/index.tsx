import { ArrowLeftOutlined } from '@ant-design/icons';
import { ResultCode } from '@resiport/contract';
import { Button, Card, Flex, Skeleton, Tabs } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageShell } from '../../components/page-shell';
import { paths } from '../../config/paths';
import { useCustomer } from '../../features/admin/customers/api/get-customer';
import { hasCode } from '../../lib/api-error';
import { idParamOf } from '../../lib/id-param';
import type { MessageId } from '../../locales/types';
import { BalanceTab, WhitelistTab } from './balance-tab';
import { CustomerActions } from './customer-actions';
import { CustomerFacts } from './customer-facts';
import { LedgerTab } from './ledger-tab';
import { OrdersTab, SessionsTab, TopupsTab, UsageTab } from './records-tabs';

const backToList = (
  <Link to={paths.adminCustomers}>
    <Button icon={<ArrowLeftOutlined />} data-testid="customer-back">
      <FormattedMessage id="admin.customers.back" />
    </Button>
  </Link>
);

/**
 * /admin/customer?id=N: one customer — the account's facts and the operator's actions on it, then
 * balance and traffic (per sub-account), ledger (with its CSV), orders, top-ups, whitelist,
 * sessions and a usage chart. Each list loads when its tab opens.
 */
export default function AdminCustomerPage() {
  const [params] = useSearchParams();
  const id = idParamOf(params, 'id');
  return (
    <PageShell title="menu.admin.customer" extra={backToList}>
      {id === undefined ? <NotFound /> : <Customer accountId={id} />}
    </PageShell>
  );
}

function NotFound() {
  return (
    <Card>
      <EmptyState
        testId="customer-not-found"
        title="admin.customers.notFound"
        hint="admin.customers.notFoundHint"
      />
    </Card>
  );
}

function Customer({ accountId }: { accountId: number }) {
  const intl = useIntl();
  const customer = useCustomer(accountId);
  if (hasCode(customer.error, ResultCode.NotFound)) return <NotFound />;
  if (customer.isError) {
    return (
      <Card>
        <LoadFailed
          title="admin.customers.detailFailed"
          hint="admin.loadFailed.hint"
          onReload={() => void customer.refetch()}
        />
      </Card>
    );
  }
  const data = customer.data;
  if (!data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { counts } = data;
  const tab = (key: string, label: string, children: ReactNode) => ({
    key,
    label: <span data-testid={`customer-tab-${key}`}>{label}</span>,
    children,
  });
  const text = (id: MessageId, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  return (
    <Flex vertical gap={16}>
      <Card
        title={<span data-testid="customer-email">{data.account.email}</span>}
        styles={{ header: { overflowWrap: 'anywhere' } }}
      >
        <Flex vertical gap={16}>
          <CustomerFacts account={data.account} />
          <CustomerActions customer={data} />
        </Flex>
      </Card>
      <Card styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          destroyOnHidden
          items={[
            tab('overview', text('admin.customers.tab.overview'), <BalanceTab customer={data} />),
            tab('ledger', text('admin.customers.tab.ledger'), <LedgerTab accountId={accountId} />),
            tab(
              'orders',
              text('admin.customers.tab.orders', { count: counts.orders }),
              <OrdersTab accountId={accountId} />,
            ),
            tab(
              'topups',
              text('admin.customers.tab.topups', { count: counts.topups }),
              <TopupsTab accountId={accountId} />,
            ),
            tab(
              'whitelist',
              text('admin.customers.tab.whitelist', { count: counts.whitelist }),
              <WhitelistTab entries={data.whitelist} />,
            ),
            tab(
              'sessions',
              text('admin.customers.tab.sessions', { count: counts.live_sessions }),
              <SessionsTab accountId={accountId} />,
            ),
            tab('usage', text('admin.customers.tab.usage'), <UsageTab accountId={accountId} />),
          ]}
        />
      </Card>
    </Flex>
  );
}
