import type { OrderQuote, TrafficPackage } from '@resiport/contract';
import { Alert, Button, Card, Descriptions, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CRYPTO_FEE_PERCENT } from '../../config/business';
import { packageName } from '../../features/orders/package-name';
import type { OrderChoice } from '../../features/orders/order-selection';
import { formatTraffic, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

interface OrderSummaryCardProps {
  choice: OrderChoice | undefined;
  packages: readonly TrafficPackage[];
  /** The quote on screen (possibly the previous one while `quoting`). */
  quote: OrderQuote | undefined;
  quoting: boolean;
  /** Why nothing can be quoted or paid, in words (invalid quantity, a refusal from the server). */
  problem: ReactNode;
  canPay: boolean;
  paying: boolean;
  onPay: () => void;
  /** Under Pay: the 20402 panel (the balance fell short of this order) or the 10029 one (its price changed). */
  notice: ReactNode;
}

/** The order summary from GET /order/check: price per GB, original, discount, fee, total, and Pay. */
export function OrderSummaryCard(props: OrderSummaryCardProps) {
  const { choice, packages, quote, quoting, problem, canPay, paying, onPay, notice } = props;
  const intl = useIntl();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const gb = (bytes: number) => formatTraffic(bytes, intl.locale);

  const item = (): ReactNode => {
    if (choice === undefined) return '—';
    if (choice.kind === 'quantity') return <FormattedMessage id="neworder.summary.custom" />;
    if (choice.kind === 'trial') return <FormattedMessage id="neworder.trial.title" />;
    const pkg = packages.find((candidate) => candidate.id === choice.packageId);
    return pkg ? packageName(intl, pkg.code) : '—';
  };
  const value = (testId: string, text: ReactNode, strong = false) => (
    <span data-testid={testId} style={strong ? { fontWeight: 600, fontSize: 18 } : undefined}>
      {quote === undefined ? '—' : text}
    </span>
  );
  const crypto = quote?.way === 'cryptomus' && !quote.is_trial;

  const payLabel = (): ReactNode => {
    if (quote === undefined) return <FormattedMessage id="neworder.pay" />;
    if (quote.is_trial) return <FormattedMessage id="neworder.pay.trial" />;
    if (quote.total_cents === 0) return <FormattedMessage id="neworder.pay.free" />;
    const id: MessageId = quote.way === 'balance' ? 'neworder.pay.balance' : 'neworder.pay.crypto';
    return <FormattedMessage id={id} values={{ total: usd(quote.total_cents) }} />;
  };

  return (
    <Card title={<FormattedMessage id="neworder.summary" />} data-testid="order-summary">
      <Flex vertical gap={16}>
        <Spin spinning={quoting} delay={150}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'package', label: <FormattedMessage id="neworder.summary.package" />, children: item() },
              {
                key: 'traffic',
                label: <FormattedMessage id="neworder.summary.traffic" />,
                children: value('order-traffic', quote && gb(quote.traffic_bytes)),
              },
              {
                key: 'pricePerGb',
                label: <FormattedMessage id="neworder.summary.pricePerGb" />,
                children: value('order-price-per-gb', quote && usd(quote.price_per_gb_cents)),
              },
              {
                key: 'original',
                label: <FormattedMessage id="neworder.summary.original" />,
                children: value('order-original', quote && usd(quote.original_cents)),
              },
              {
                key: 'discount',
                label: <FormattedMessage id="neworder.summary.discount" />,
                children: value(
                  'order-discount',
                  quote && (quote.discount_cents > 0 ? `−${usd(quote.discount_cents)}` : usd(0)),
                ),
              },
              {
                key: 'fee',
                label: crypto ? (
                  <FormattedMessage
                    id="neworder.summary.feePercent"
                    values={{ percent: CRYPTO_FEE_PERCENT }}
                  />
                ) : (
                  <FormattedMessage id="neworder.summary.fee" />
                ),
                children: value('order-fee', quote && usd(quote.fee_cents)),
              },
              {
                key: 'total',
                label: <FormattedMessage id="neworder.summary.total" />,
                children: value('order-total', quote && usd(quote.total_cents), true),
              },
            ]}
          />
        </Spin>
        {problem}
        {notice}
        <Button
          type="primary"
          size="large"
          block
          data-testid="order-pay"
          disabled={!canPay}
          loading={paying}
          onClick={onPay}
        >
          {payLabel()}
        </Button>
        {crypto && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <FormattedMessage id="payment.cryptoTerms" values={{ fee: CRYPTO_FEE_PERCENT }} />
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** A summary notice: why there is no price or no Pay. */
export function SummaryNotice({ title, detail }: { title: ReactNode; detail?: ReactNode }) {
  return <Alert data-testid="order-quote-error" type="error" showIcon message={title} description={detail} />;
}
