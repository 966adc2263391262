import { WalletOutlined } from '@ant-design/icons';
import { centsToUsd as centsToUsdText, ResultCode } from '@resiport/contract';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, Row, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CRYPTO_FEE_PERCENT, MAX_RECHARGE_CENTS, MIN_RECHARGE_CENTS } from '../../config/business';
import { useStartCryptoPayment } from '../../features/recharge/api/start-crypto-payment';
import {
  attemptFor,
  checkRechargeAmount,
  PRESET_AMOUNTS_USD,
  rechargeSummary,
  type AmountProblem,
  type PayAttempt,
} from '../../features/recharge/recharge-amount';
import { hasCode } from '../../lib/api-error';
import { showServerFieldErrors } from '../../lib/form-errors';
import { validationTexts } from '../../lib/form-rules-localized';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { blockArithmeticKeys } from '../../lib/keyboard';
import { formatUsd } from '../../lib/format';

export interface AmountFormValues {
  amount: string;
}

const fields = ['amount'];
const fieldByCode = { [ResultCode.AmountTooSmall]: 'amount' };

/**
 * The top-up form: amount (typed or picked), what the balance gets, the 3% crypto fee and the
 * total, all before paying (docs/product.md#recharge); "Pay with crypto" sends the browser to the Cryptomus checkout.
 */
export function AddFundsCard({
  form,
  initialAmount,
}: {
  form: FormInstance<AmountFormValues>;
  /** Prefilled amount (`?amount=`), e.g. what a new order is short of. */
  initialAmount?: string;
}) {
  const intl = useIntl();
  const pay = useStartCryptoPayment();
  const attempt = useRef<PayAttempt | null>(null);
  const [leaving, setLeaving] = useState(false);
  const summary = rechargeSummary(Form.useWatch('amount', form));
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const wholeUsd = (usdValue: number) =>
    intl.formatNumber(usdValue, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

  useEffect(() => {
    // A prefilled amount below the minimum says so at once instead of on the first keystroke.
    if (initialAmount !== undefined) form.validateFields(fields).catch(() => undefined);
  }, [form, initialAmount]);

  useEffect(() => {
    // Back from the checkout through the browser's page cache: this page is live again, and a new
    // payment is a new attempt.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attempt.current = null;
      setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const problemText: Record<AmountProblem, () => string> = {
    required: () => validationTexts['validation.required'],
    format: () => validationTexts['validation.amount'],
    min: () => intl.formatMessage({ id: 'recharge.amount.min' }, { min: usd(MIN_RECHARGE_CENTS) }),
    max: () => intl.formatMessage({ id: 'recharge.amount.max' }, { max: usd(MAX_RECHARGE_CENTS) }),
  };
  const amountRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const check = checkRechargeAmount(value);
      if (!check.ok) throw new Error(problemText[check.problem]());
    },
  };

  const pick = (usdValue: number) => {
    form.setFieldsValue({ amount: String(usdValue) });
    form.validateFields(fields).catch(() => undefined);
  };

  const submit = async ({ amount }: AmountFormValues) => {
    const check = checkRechargeAmount(amount);
    if (!check.ok) return;
    // A double click or a retry of the same amount carries the same key: one invoice, not two.
    const current = attemptFor(attempt.current, check.cents, newIdempotencyKey);
    attempt.current = current;
    try {
      const checkout = await pay.mutateAsync({
        amount: centsToUsdText(check.cents),
        idempotency_key: current.key,
      });
      setLeaving(true);
      window.location.assign(checkout.url);
    } catch (error) {
      if (hasCode(error, ResultCode.IdempotencyKeyReused)) attempt.current = null;
      showServerFieldErrors(form, error, fields, fieldByCode);
    }
  };

  const summaryValue = (testId: string, cents: number | undefined, strong = false) => (
    <span data-testid={testId} style={strong ? { fontWeight: 600, fontSize: 16 } : undefined}>
      {cents === undefined ? '—' : usd(cents)}
    </span>
  );

  return (
    <Card title={<FormattedMessage id="recharge.addFunds" />}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: initialAmount }}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={[32, 16]}>
          <Col xs={24} md={11}>
            <Form.Item
              name="amount"
              label={intl.formatMessage({ id: 'recharge.amount' })}
              rules={[amountRule]}
              validateDebounce={400}
              extra={intl.formatMessage(
                { id: 'recharge.amount.hint' },
                { min: usd(MIN_RECHARGE_CENTS), max: usd(MAX_RECHARGE_CENTS) },
              )}
            >
              <Input
                size="large"
                prefix="$"
                inputMode="decimal"
                autoComplete="off"
                maxLength={16}
                placeholder={intl.formatMessage({ id: 'recharge.amount.placeholder' })}
                onKeyDown={blockArithmeticKeys}
                data-testid="recharge-amount"
              />
            </Form.Item>
            <Flex wrap gap={8} role="group" aria-label={intl.formatMessage({ id: 'recharge.presets' })}>
              {PRESET_AMOUNTS_USD.map((usdValue) => (
                <Button
                  key={usdValue}
                  type={summary?.amountCents === usdValue * 100 ? 'primary' : 'default'}
                  onClick={() => pick(usdValue)}
                >
                  {wholeUsd(usdValue)}
                </Button>
              ))}
            </Flex>
          </Col>
          <Col xs={24} md={13}>
            <Flex vertical gap={16}>
              <Descriptions
                title={<FormattedMessage id="recharge.summary" />}
                column={1}
                size="small"
                bordered
                items={[
                  {
                    key: 'credited',
                    label: <FormattedMessage id="recharge.summary.credited" />,
                    children: summaryValue('recharge-credited', summary?.amountCents),
                  },
                  {
                    key: 'fee',
                    label: (
                      <FormattedMessage id="recharge.summary.fee" values={{ percent: CRYPTO_FEE_PERCENT }} />
                    ),
                    children: summaryValue('recharge-fee', summary?.feeCents),
                  },
                  {
                    key: 'total',
                    label: <FormattedMessage id="recharge.summary.total" />,
                    children: summaryValue('recharge-total', summary?.totalCents, true),
                  },
                  {
                    key: 'method',
                    label: <FormattedMessage id="recharge.summary.method" />,
                    children: <FormattedMessage id="recharge.summary.methodValue" />,
                  },
                ]}
              />
              <Alert type="warning" showIcon message={<FormattedMessage id="recharge.noRefund" />} />
              <Button
                type="primary"
                size="large"
                htmlType="submit"
                icon={<WalletOutlined />}
                loading={pay.isPending || leaving}
                data-testid="recharge-pay"
                block
              >
                <FormattedMessage id="recharge.pay" />
              </Button>
            </Flex>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
