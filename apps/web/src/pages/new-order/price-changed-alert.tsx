import { Alert } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatUsd } from '../../lib/format';
import type { PriceChange } from './use-place-order';

/** Code 10029: the server's total is not the one the button showed; nothing was charged. */
export function PriceChangedAlert({ change }: { change: PriceChange }) {
  const intl = useIntl();
  return (
    <Alert
      data-testid="order-price-changed"
      type="warning"
      showIcon
      message={<FormattedMessage id="neworder.priceChanged.title" />}
      description={
        <FormattedMessage
          id="neworder.priceChanged.text"
          values={{
            shown: formatUsd(change.shownCents, intl.locale),
            now: formatUsd(change.nowCents, intl.locale),
          }}
        />
      }
    />
  );
}
