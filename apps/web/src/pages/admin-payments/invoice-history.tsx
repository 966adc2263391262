import type { InvoiceEvent } from '@resiport/contract';
import { Flex, Tag, Timeline, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { UtcDateTime } from '../../components/utc-date-time';
import { InvoiceStatusTag } from '../../features/admin/payments/components/payment-tags';
import { receivedText } from '../../lib/checkout-return';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

/** Who spoke: a webhook, or the provider's answer to the customer's check or to reconciliation. */
function sourceText(event: InvoiceEvent): MessageId {
  if (event.kind === 'webhook') return 'admin.payments.history.webhook';
  if (event.source === 'checkPay') return 'admin.payments.history.checkPay';
  if (event.source === 'reconcile') return 'admin.payments.history.reconcile';
  return 'admin.payments.history.check';
}

/** Everything the provider told us about the invoice, oldest first; what came after it closed is marked. */
export function InvoiceHistory({ events }: { events: InvoiceEvent[] }) {
  const intl = useIntl();
  if (events.length === 0) {
    return (
      <Typography.Text type="secondary">
        <FormattedMessage id="admin.payments.history.empty" />
      </Typography.Text>
    );
  }
  return (
    <Timeline
      data-testid="invoice-history"
      items={events.map((event) => {
        const coin = receivedText(event.payment_received);
        return {
          key: event.id,
          color: event.after_close ? 'red' : event.status === 'paid' ? 'green' : 'blue',
          children: (
            <Flex vertical gap={4}>
              <Flex gap={8} wrap align="center">
                <Typography.Text strong>
                  <FormattedMessage id={sourceText(event)} />
                </Typography.Text>
                <Typography.Text code>{event.provider_status}</Typography.Text>
                {event.after_close && (
                  <Tag color="red">
                    <FormattedMessage id="admin.payments.history.afterClose" />
                  </Tag>
                )}
              </Flex>
              <InvoiceStatusTag invoice={event} />
              {coin !== undefined && (
                <Typography.Text type="secondary">
                  <FormattedMessage
                    id="admin.payments.history.received"
                    values={{
                      received: coin,
                      usd:
                        event.received_usd_cents === null
                          ? intl.formatMessage({ id: 'admin.payments.usdUnknown' })
                          : formatUsd(event.received_usd_cents, intl.locale),
                    }}
                  />
                </Typography.Text>
              )}
              <UtcDateTime iso={event.created_at} />
            </Flex>
          ),
        };
      })}
    />
  );
}
