import type { AdminInvoiceRow, PaymentReceived } from '@resiport/contract';
import { Button, Flex, Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { UtcDateTime } from '../../components/utc-date-time';
import { adminCustomerHref } from '../../config/paths';
import { InvoiceStatusTag } from '../../features/admin/payments/components/payment-tags';
import { receivedText } from '../../lib/checkout-return';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

/** What the invoice pays for: a top-up or an order, with its number. */
export function InvoicePurpose({ invoice }: { invoice: AdminInvoiceRow }) {
  return invoice.purpose === 'recharge' ? (
    <FormattedMessage id="admin.payments.forTopUp" values={{ id: invoice.recharge_id ?? '—' }} />
  ) : (
    <FormattedMessage id="admin.payments.forOrder" values={{ id: invoice.order_id ?? '—' }} />
  );
}

/** What arrived: in the coin paid, and in USD when the provider said. */
export function Received({
  received,
  usdCents,
  intl,
}: {
  received: PaymentReceived;
  usdCents: number | null;
  intl: IntlShape;
}) {
  const coin = receivedText(received);
  if (coin === undefined) return <>—</>;
  return (
    <Flex vertical gap={2} align="end" style={{ whiteSpace: 'nowrap' }}>
      <span>{coin}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {usdCents === null ? (
          <FormattedMessage id="admin.payments.usdUnknown" />
        ) : (
          <FormattedMessage
            id="admin.payments.usdValue"
            values={{ amount: formatUsd(usdCents, intl.locale) }}
          />
        )}
      </Typography.Text>
    </Flex>
  );
}

/** What the invoice asked and what arrived, as two rows of the invoice drawer and the resolve dialog. */
export function askedAndReceived(
  invoice: AdminInvoiceRow,
  intl: IntlShape,
): NonNullable<DescriptionsProps['items']> {
  return [
    {
      key: 'asked',
      label: <FormattedMessage id="admin.payments.asked" />,
      children: formatUsd(invoice.amount_cents, intl.locale),
    },
    {
      key: 'received',
      label: <FormattedMessage id="admin.payments.received" />,
      children: (
        <Received received={invoice.payment_received} usdCents={invoice.received_usd_cents} intl={intl} />
      ),
    },
    ...(invoice.extra_credited_cents > 0
      ? [
          {
            key: 'extra',
            label: <FormattedMessage id="admin.payments.extraCredited" />,
            children: formatUsd(invoice.extra_credited_cents, intl.locale),
          },
        ]
      : []),
  ];
}

/** The payments list's columns; "Resolve" on those an operator may resolve, "Details" on every one. */
export function invoiceColumns(
  intl: IntlShape,
  actions: { onOpen: (invoice: AdminInvoiceRow) => void; onResolve: (invoice: AdminInvoiceRow) => void },
): TableColumnsType<AdminInvoiceRow> {
  const title = (id: MessageId) => intl.formatMessage({ id });
  const press =
    (act: (invoice: AdminInvoiceRow) => void, invoice: AdminInvoiceRow) => (event: React.MouseEvent) => {
      event.stopPropagation();
      act(invoice);
    };
  return [
    { key: 'id', dataIndex: 'id', title: title('admin.payments.invoice'), render: (id: number) => `#${id}` },
    {
      key: 'customer',
      dataIndex: 'email',
      title: title('admin.payments.customerCol'),
      render: (email: string, invoice) => (
        <Link to={adminCustomerHref(invoice.account_id)} onClick={(event) => event.stopPropagation()}>
          {email}
        </Link>
      ),
    },
    {
      key: 'purpose',
      title: title('admin.payments.purpose'),
      render: (_v, invoice) => <InvoicePurpose invoice={invoice} />,
    },
    {
      key: 'asked',
      dataIndex: 'amount_cents',
      title: title('admin.payments.asked'),
      align: 'right',
      render: (cents: number) => formatUsd(cents, intl.locale),
    },
    {
      key: 'received',
      title: title('admin.payments.received'),
      align: 'right',
      render: (_v, invoice) => (
        <Received received={invoice.payment_received} usdCents={invoice.received_usd_cents} intl={intl} />
      ),
    },
    {
      key: 'status',
      title: title('admin.payments.status'),
      render: (_v, invoice) => <InvoiceStatusTag invoice={invoice} />,
    },
    {
      key: 'provider',
      dataIndex: 'provider_status',
      title: title('admin.payments.providerStatus'),
      render: (status: string | null) => <Typography.Text code>{status ?? '—'}</Typography.Text>,
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('admin.payments.created'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'actions',
      title: title('admin.payments.actions'),
      render: (_v, invoice) => (
        <Flex gap={4} wrap>
          {invoice.resolvable && (
            <Button
              size="small"
              type="primary"
              onClick={press(actions.onResolve, invoice)}
              data-testid={`invoice-resolve-${invoice.id}`}
            >
              <FormattedMessage id="admin.payments.resolve" />
            </Button>
          )}
          <Button
            size="small"
            onClick={press(actions.onOpen, invoice)}
            data-testid={`invoice-open-${invoice.id}`}
          >
            <FormattedMessage id="admin.payments.details" />
          </Button>
        </Flex>
      ),
    },
  ];
}
