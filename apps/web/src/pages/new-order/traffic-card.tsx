import type { PriceTier, TrafficPackage } from '@resiport/contract';
import { Card, Flex } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { salePackages, trialPackage } from '../../features/orders/packages';
import { listPricePerGbCents } from '../../features/orders/price-tiers';
import { CustomQuantity } from './custom-quantity';
import { PackageCards } from './package-cards';
import { TrialOption } from './trial-option';
import type { OrderDraftState } from './use-order-draft';

interface TrafficCardProps {
  order: OrderDraftState;
  packages: readonly TrafficPackage[];
  tiers: readonly PriceTier[];
  /** Why the trial cannot be had, when it is chosen and the server refused it. */
  trialProblem: string | undefined;
  /** The server says this account (or its network) has taken the trial already: it is not offered. */
  trialAvailable: boolean;
}

/** What to buy: the free trial, a package, or a custom number of GB at the tier price. */
export function TrafficCard({ order, packages, tiers, trialProblem, trialAvailable }: TrafficCardProps) {
  const intl = useIntl();
  const { choice, quantityGb } = order.draft;
  const isTrial = choice?.kind === 'trial';
  // A draft that chose the trial before it was used keeps showing it, with the server's refusal.
  const trial = trialAvailable || isTrial ? trialPackage(packages) : undefined;
  const onSale = salePackages(packages);
  return (
    <Card title={<FormattedMessage id="neworder.packages" />}>
      <Flex vertical gap={16}>
        {trial && <TrialOption trial={trial} on={isTrial} problem={trialProblem} onChange={order.setTrial} />}
        <Flex
          vertical
          gap={12}
          role="radiogroup"
          aria-label={intl.formatMessage({ id: 'neworder.packages' })}
        >
          {onSale.length > 0 ? (
            <PackageCards
              packages={onSale}
              selectedId={choice?.kind === 'package' ? choice.packageId : undefined}
              listPerGbCents={listPricePerGbCents(tiers)}
              onSelect={order.choosePackage}
            />
          ) : (
            <EmptyState
              testId="packages-empty"
              title="neworder.packages.empty"
              hint="neworder.packages.emptyHint"
            />
          )}
          <CustomQuantity
            tiers={tiers}
            selected={choice?.kind === 'quantity'}
            quantityGb={quantityGb}
            onSelect={order.chooseQuantity}
            onQuantity={order.setQuantity}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
