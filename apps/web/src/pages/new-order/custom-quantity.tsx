import { MAX_ORDER_GB, type PriceTier } from '@resiport/contract';
import { Col, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { UnitsNote } from '../../components/units-note';
import { tierFor } from '../../features/orders/price-tiers';
import { isOrderableGb } from '../../features/orders/order-selection';
import { formatCount } from '../../lib/format';
import { validationTexts } from '../../lib/form-rules-localized';
import { blockNonDigitKeys } from '../../lib/keyboard';
import { PriceTierTable } from './price-tier-table';
import { SelectableCard } from './selectable-card';

interface CustomQuantityProps {
  tiers: readonly PriceTier[];
  selected: boolean;
  quantityGb: number | null;
  onSelect: () => void;
  onQuantity: (gb: number | null) => void;
}

/**
 * Any whole number of GB at the tier price: the quantity field (typing in it chooses this option)
 * and the price menu with the tier that applies highlighted.
 */
export function CustomQuantity({ tiers, selected, quantityGb, onSelect, onQuantity }: CustomQuantityProps) {
  const intl = useIntl();
  const invalid = selected && !isOrderableGb(quantityGb);
  return (
    <SelectableCard testId="order-custom" selected={selected} onSelect={onSelect}>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={10}>
          <Flex vertical gap={4}>
            <Typography.Text strong>
              <FormattedMessage id="neworder.custom.title" />
            </Typography.Text>
            <Typography.Text type="secondary">
              <FormattedMessage
                id="neworder.custom.hint"
                values={{ max: formatCount(MAX_ORDER_GB, intl.locale) }}
              />
            </Typography.Text>
            <Form.Item
              label={intl.formatMessage({ id: 'neworder.quantity' })}
              htmlFor="order-quantity"
              layout="vertical"
              validateStatus={invalid ? 'error' : undefined}
              help={invalid ? validationTexts['validation.quantity'] : undefined}
              style={{ marginTop: 8, marginBottom: 0 }}
            >
              <InputNumber<number>
                id="order-quantity"
                data-testid="order-quantity"
                size="large"
                style={{ width: '100%' }}
                inputMode="numeric"
                // No min/max here: out-of-range input stays visible with its message instead of
                // being silently clamped on blur.
                step={1}
                suffix={intl.formatMessage({ id: 'common.unit.gb' })}
                value={quantityGb}
                onFocus={onSelect}
                onKeyDown={blockNonDigitKeys}
                onChange={onQuantity}
              />
            </Form.Item>
            <UnitsNote id="neworder.units" />
          </Flex>
        </Col>
        <Col xs={24} md={14}>
          <PriceTierTable
            tiers={tiers}
            active={selected && !invalid ? tierFor(tiers, quantityGb) : undefined}
          />
        </Col>
      </Row>
    </SelectableCard>
  );
}
