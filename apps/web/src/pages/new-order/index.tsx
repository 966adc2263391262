import { Alert, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { LoadFailed } from '../../components/load-failed';
import { PageShell } from '../../components/page-shell';
import { useOrderQuote } from '../../features/orders/api/check-order';
import { usePriceMenu } from '../../features/orders/api/get-price-menu';
import { isCouponCode } from '../../features/orders/order-codes';
import { saveOrderDraft } from '../../features/orders/saved-order-draft';
import { isApiError } from '../../lib/api-error';
import { BalanceShortAlert } from './balance-short-alert';
import { PriceChangedAlert } from './price-changed-alert';
import { CouponCard } from './coupon-card';
import { OrderSummaryCard, SummaryNotice } from './order-summary-card';
import { PaymentWayCard } from './payment-way-card';
import { TrafficCard } from './traffic-card';
import { useCoupon } from './use-coupon';
import { useOrderDraft } from './use-order-draft';
import { usePlaceOrder } from './use-place-order';

/** Below the page header (56 px) with a gap: where the summary sticks while the left side scrolls. */
const SUMMARY_STICKY_TOP = 72;

/**
 * /neworder: choose the trial, a package or a custom quantity (with the price tiers), a coupon and
 * the payment way on the left; the server's quote and Pay on the right (docs/product.md#orders).
 */
export default function NewOrderPage() {
  const order = useOrderDraft();
  const priceMenu = usePriceMenu();
  const quote = useOrderQuote(order.params);
  const coupon = useCoupon(order, quote.error);
  const placing = usePlaceOrder(coupon.showError);

  const { choice, way } = order.draft;
  const isTrial = choice?.kind === 'trial';
  const params = order.params;
  const shown = params === undefined ? undefined : quote.data;
  const quoting = order.settling || quote.isFetching;
  const canPay =
    params !== undefined && shown !== undefined && !quote.isPlaceholderData && !quoting && !quote.isError;
  const refusal = params !== undefined && quote.isError ? quote.error : undefined;
  const shortfall = placing.shortfallOf(params);
  const priceChange = placing.priceChangeOf(params);

  const packages = order.packages.data?.list;
  const tiers = priceMenu.data?.tiers;
  const catalogFailed = order.packages.isError || priceMenu.isError;

  const problem =
    refusal !== undefined ? (
      <SummaryNotice
        title={<FormattedMessage id="neworder.summary.failed" />}
        detail={
          <>
            {refusal.message}
            {isApiError(refusal) && isCouponCode(refusal.code) && (
              <>
                {' '}
                <FormattedMessage id="neworder.summary.couponProblem" />
              </>
            )}
          </>
        }
      />
    ) : params === undefined && !quoting ? (
      <Typography.Text type="secondary">
        <FormattedMessage id="neworder.summary.empty" />
      </Typography.Text>
    ) : null;

  const left = catalogFailed ? (
    <Card>
      <LoadFailed
        title="neworder.packages.failed"
        hint="neworder.packages.failedHint"
        onReload={() => {
          void order.packages.refetch();
          void priceMenu.refetch();
        }}
      />
    </Card>
  ) : packages === undefined || tiers === undefined ? (
    <Card>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  ) : (
    <TrafficCard
      order={order}
      packages={packages}
      tiers={tiers}
      trialProblem={isTrial ? refusal?.message : undefined}
      trialAvailable={order.packages.data?.trial_available ?? false}
    />
  );

  return (
    <PageShell title="menu.neworder" subtitle="neworder.subtitle">
      {order.resumed && (
        <Alert
          data-testid="order-resumed"
          type="info"
          showIcon
          closable
          message={<FormattedMessage id="neworder.resumed" />}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} lg={15}>
          <Flex vertical gap={16}>
            {left}
            <CouponCard coupon={coupon} quote={shown} canApply={params !== undefined} trial={isTrial} />
            <PaymentWayCard
              way={way}
              onChange={order.setWay}
              amountCents={shown?.amount_cents}
              trial={isTrial}
            />
          </Flex>
        </Col>
        <Col xs={24} lg={9} style={{ position: 'sticky', top: SUMMARY_STICKY_TOP }}>
          <OrderSummaryCard
            choice={choice}
            packages={packages ?? []}
            quote={shown}
            quoting={quoting}
            problem={problem}
            canPay={canPay}
            paying={placing.paying}
            onPay={() => {
              if (canPay) void placing.submit(params, shown.total_cents);
            }}
            notice={
              priceChange ? (
                <PriceChangedAlert change={priceChange} />
              ) : (
                shortfall && (
                  <BalanceShortAlert
                    shortfall={shortfall}
                    onPayWithCrypto={() => order.setWay('cryptomus')}
                    onTopUp={() => saveOrderDraft(order.draft)}
                  />
                )
              )
            }
          />
        </Col>
      </Row>
    </PageShell>
  );
}
