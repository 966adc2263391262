import { WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { MIN_RECHARGE_CENTS } from '../../config/business';
import type { BalanceShortfall } from '../../features/orders/order-payment';
import { rechargeHref, topUpFor } from '../../features/orders/top-up';
import { formatUsd } from '../../lib/format';

interface BalanceShortAlertProps {
  shortfall: BalanceShortfall;
  /** Switch this order to crypto instead of topping up first. */
  onPayWithCrypto: () => void;
  /** Keep this order for when the customer comes back from the top-up. */
  onTopUp: () => void;
}

/** Code 20402: the balance does not cover the order; how much is missing and a top-up prefilled with it. */
export function BalanceShortAlert({ shortfall, onPayWithCrypto, onTopUp }: BalanceShortAlertProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const topUp = topUpFor(shortfall.missing_cents);
  return (
    <Alert
      data-testid="order-missing"
      type="warning"
      showIcon
      message={<FormattedMessage id="neworder.short.title" />}
      description={
        <Flex vertical gap={8}>
          <span>
            <FormattedMessage
              id="neworder.short.text"
              values={{
                balance: usd(shortfall.balance_cents),
                amount: usd(shortfall.amount_cents),
                missing: usd(shortfall.missing_cents),
              }}
            />
          </span>
          {topUp.raised && (
            <span>
              <FormattedMessage
                id="neworder.short.raised"
                values={{ min: usd(MIN_RECHARGE_CENTS), topUp: usd(topUp.cents) }}
              />
            </span>
          )}
          <Flex wrap gap={8}>
            <Button
              type="primary"
              icon={<WalletOutlined />}
              data-testid="order-topup"
              onClick={() => {
                onTopUp();
                void navigate(rechargeHref(topUp.cents, true));
              }}
            >
              <FormattedMessage id="neworder.short.topUp" values={{ amount: usd(topUp.cents) }} />
            </Button>
            <Button onClick={onPayWithCrypto}>
              <FormattedMessage id="neworder.short.payCrypto" />
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}
