import { orderStatuses, orderWays, type AdminOrderRow } from '@resiport/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UtcDayRange, type DayRange } from '../../features/admin/components/utc-day-range';

export interface OrderFilterValues {
  customer: string;
  status: AdminOrderRow['status'] | undefined;
  way: AdminOrderRow['way'] | undefined;
  days: DayRange;
}

export const noOrderFilters: OrderFilterValues = {
  customer: '',
  status: undefined,
  way: undefined,
  days: {},
};

/** Customer (email or id), status, way and UTC days; they wrap, and stack on a phone. */
export function OrderFilters({
  value,
  onChange,
}: {
  value: OrderFilterValues;
  onChange: (value: OrderFilterValues) => void;
}) {
  const intl = useIntl();
  const [typed, setTyped] = useState(value.customer);
  const any =
    value.customer !== '' ||
    value.status !== undefined ||
    value.way !== undefined ||
    value.days.start !== undefined ||
    value.days.end !== undefined;
  return (
    <Flex gap={8} wrap>
      <Input.Search
        allowClear
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={(customer) => onChange({ ...value, customer: customer.trim() })}
        placeholder={intl.formatMessage({ id: 'admin.payments.customer' })}
        aria-label={intl.formatMessage({ id: 'admin.payments.customer' })}
        enterButton={intl.formatMessage({ id: 'admin.search' })}
        maxLength={200}
        style={{ flex: '1 1 260px', maxWidth: 400 }}
        data-testid="orders-customer"
      />
      <Select<AdminOrderRow['status'] | 'all'>
        value={value.status ?? 'all'}
        onChange={(status) => onChange({ ...value, status: status === 'all' ? undefined : status })}
        aria-label={intl.formatMessage({ id: 'admin.payments.status' })}
        style={{ flex: '0 1 170px', minWidth: 140 }}
        data-testid="orders-status"
        options={[
          { value: 'all', label: intl.formatMessage({ id: 'admin.payments.status.all' }) },
          ...orderStatuses.map((status) => ({
            value: status,
            label: intl.formatMessage({ id: `order.status.${status}` }),
          })),
        ]}
      />
      <Select<AdminOrderRow['way'] | 'all'>
        value={value.way ?? 'all'}
        onChange={(way) => onChange({ ...value, way: way === 'all' ? undefined : way })}
        aria-label={intl.formatMessage({ id: 'admin.payments.way' })}
        style={{ flex: '0 1 170px', minWidth: 140 }}
        data-testid="orders-way"
        options={[
          { value: 'all', label: intl.formatMessage({ id: 'admin.payments.way.all' }) },
          ...orderWays.map((way) => ({
            value: way,
            label: intl.formatMessage({ id: `admin.payments.way.${way}` }),
          })),
        ]}
      />
      <UtcDayRange
        testId="orders-days"
        value={value.days}
        onChange={(days) => onChange({ ...value, days })}
      />
      {any && (
        <Button
          onClick={() => {
            setTyped('');
            onChange(noOrderFilters);
          }}
        >
          <FormattedMessage id="admin.filters.clear" />
        </Button>
      )}
    </Flex>
  );
}
