import type { PaymentWay } from '@resiport/contract';
import { Card, Flex, Radio, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../lib/current-user';
import { CRYPTO_FEE_PERCENT } from '../../config/business';
import { formatUsd } from '../../lib/format';

interface PaymentWayCardProps {
  way: PaymentWay;
  onChange: (way: PaymentWay) => void;
  /** What the balance would pay (the order amount, no fee); undefined until quoted. */
  amountCents: number | undefined;
  /** The trial costs nothing: no way to choose. */
  trial: boolean;
}

/** Crypto (Cryptomus, the default, +3%) or the balance, with the balance and whether it is enough. */
export function PaymentWayCard({ way, onChange, amountCents, trial }: PaymentWayCardProps) {
  const intl = useIntl();
  const user = useCurrentUser();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const short = amountCents !== undefined && user.balance_cents < amountCents;
  return (
    <Card title={<FormattedMessage id="neworder.way" />}>
      <Radio.Group
        data-testid="order-way"
        value={way}
        disabled={trial}
        onChange={(event) => onChange(event.target.value as PaymentWay)}
        aria-label={intl.formatMessage({ id: 'neworder.way' })}
      >
        <Flex vertical gap={12}>
          <Radio value="cryptomus">
            <Typography.Text strong>
              <FormattedMessage id="neworder.way.cryptomus" />
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              <FormattedMessage id="neworder.way.cryptomusHint" values={{ percent: CRYPTO_FEE_PERCENT }} />
            </Typography.Text>
          </Radio>
          <Radio value="balance">
            <Typography.Text strong>
              <FormattedMessage id="neworder.way.balance" />
            </Typography.Text>
            <br />
            <Typography.Text type="secondary" data-testid="order-balance">
              <FormattedMessage id="neworder.way.balanceHint" values={{ balance: usd(user.balance_cents) }} />
            </Typography.Text>
            {short && !trial && (
              <>
                <br />
                <Typography.Text type="warning" data-testid="order-balance-short">
                  <FormattedMessage id="neworder.way.balanceShort" values={{ amount: usd(amountCents) }} />
                </Typography.Text>
              </>
            )}
          </Radio>
        </Flex>
      </Radio.Group>
      {trial && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          <FormattedMessage id="neworder.way.trial" />
        </Typography.Paragraph>
      )}
    </Card>
  );
}
