import type { AdminInvoiceDetail, AdminInvoiceRow } from '@resiport/contract';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { UtcDateTime } from '../../components/utc-date-time';
import { adminCustomerHref, paths } from '../../config/paths';
import { useAdminInvoice } from '../../features/admin/payments/api/get-admin-invoices';
import { DetailDrawer } from '../../features/admin/payments/components/detail-drawer';
import { LedgerEntries } from '../../features/admin/payments/components/ledger-entries';
import { InvoiceStatusTag } from '../../features/admin/payments/components/payment-tags';
import { formatUsd } from '../../lib/format';
import { askedAndReceived, InvoicePurpose } from './invoice-columns';
import { InvoiceHistory } from './invoice-history';

interface InvoiceDrawerProps {
  invoiceId: number | undefined;
  onClose: () => void;
  onResolve: (invoice: AdminInvoiceRow) => void;
}

/** One crypto invoice: what was asked and what arrived, its resolution, its history, its ledger entries. */
export function InvoiceDrawer({ invoiceId, onClose, onResolve }: InvoiceDrawerProps) {
  const detail = useAdminInvoice(invoiceId);
  const invoice = detail.data?.invoice;
  return (
    <DetailDrawer
      open={invoiceId !== undefined}
      onClose={onClose}
      title={
        invoiceId !== undefined && (
          <FormattedMessage id="admin.payments.invoiceTitle" values={{ id: invoiceId }} />
        )
      }
      extra={
        invoice?.resolvable && (
          <Button type="primary" onClick={() => onResolve(invoice)} data-testid="invoice-resolve">
            <FormattedMessage id="admin.payments.resolve" />
          </Button>
        )
      }
      detail={detail}
    >
      {(data) => <InvoiceFacts detail={data} />}
    </DetailDrawer>
  );
}

function InvoiceFacts({ detail }: { detail: AdminInvoiceDetail }) {
  const intl = useIntl();
  const { invoice } = detail;
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const orderLink =
    invoice.order_id === null
      ? null
      : `${paths.adminOrders}?${new URLSearchParams({ order_id: String(invoice.order_id) }).toString()}`;
  return (
    <Flex vertical gap={16} data-testid="invoice-detail">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'customer',
            label: <FormattedMessage id="admin.payments.customerCol" />,
            children: <Link to={adminCustomerHref(invoice.account_id)}>{invoice.email}</Link>,
          },
          {
            key: 'purpose',
            label: <FormattedMessage id="admin.payments.purpose" />,
            children: orderLink ? (
              <Link to={orderLink}>
                <InvoicePurpose invoice={invoice} />
              </Link>
            ) : (
              <InvoicePurpose invoice={invoice} />
            ),
          },
          {
            key: 'status',
            label: <FormattedMessage id="admin.payments.status" />,
            children: <InvoiceStatusTag invoice={invoice} />,
          },
          {
            key: 'provider',
            label: <FormattedMessage id="admin.payments.providerStatus" />,
            children: <Typography.Text code>{invoice.provider_status ?? '—'}</Typography.Text>,
          },
          ...askedAndReceived(invoice, intl),
          {
            key: 'ref',
            label: <FormattedMessage id="admin.payments.orderRef" />,
            children: <Typography.Text copyable>{invoice.order_ref}</Typography.Text>,
          },
          {
            key: 'created',
            label: <FormattedMessage id="admin.payments.created" />,
            children: <UtcDateTime iso={invoice.created_at} />,
          },
          {
            key: 'expires',
            label: <FormattedMessage id="admin.payments.expires" />,
            children: <UtcDateTime iso={invoice.expires_at} />,
          },
          {
            key: 'settled',
            label: <FormattedMessage id="admin.payments.settled" />,
            children: invoice.settled_at === null ? '—' : <UtcDateTime iso={invoice.settled_at} />,
          },
        ]}
      />
      {invoice.resolution && (
        <Card
          size="small"
          title={<FormattedMessage id="admin.payments.resolution" />}
          data-testid="invoice-resolution"
        >
          <FormattedMessage
            id={
              invoice.resolution.choice === 'credit'
                ? 'admin.payments.resolution.credit'
                : 'admin.payments.resolution.refunded'
            }
            values={{
              amount: usd(invoice.resolution.credited_cents),
              who: invoice.resolution.operator_email ?? intl.formatMessage({ id: 'admin.commandLine' }),
            }}
          />{' '}
          <UtcDateTime iso={invoice.resolution.created_at} />
          {invoice.resolution.reason && (
            <Typography.Paragraph type="secondary">{invoice.resolution.reason}</Typography.Paragraph>
          )}
        </Card>
      )}
      <Card size="small" title={<FormattedMessage id="admin.payments.history" />}>
        <InvoiceHistory events={detail.history} />
      </Card>
      <Card size="small" title={<FormattedMessage id="admin.payments.ledger" />}>
        <LedgerEntries entries={detail.ledger} testId="invoice-ledger" />
      </Card>
    </Flex>
  );
}
