import { orderStatuses, orderWays, type AdminOrderRow } from '@resiport/contract';
import { Flex } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ClearFilters, OneOfFilter, SearchFilter } from '../../features/admin/components/list-filters';
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
      <SearchFilter
        typed={typed}
        onType={setTyped}
        onSearch={(customer) => onChange({ ...value, customer })}
        label={intl.formatMessage({ id: 'admin.payments.customer' })}
        style={{ flex: '1 1 260px', maxWidth: 400 }}
        testId="orders-customer"
      />
      <OneOfFilter
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
        values={orderStatuses}
        allLabel={intl.formatMessage({ id: 'admin.payments.status.all' })}
        labelOf={(status) => intl.formatMessage({ id: `order.status.${status}` })}
        label={intl.formatMessage({ id: 'admin.payments.status' })}
        style={{ flex: '0 1 170px', minWidth: 140 }}
        testId="orders-status"
      />
      <OneOfFilter
        value={value.way}
        onChange={(way) => onChange({ ...value, way })}
        values={orderWays}
        allLabel={intl.formatMessage({ id: 'admin.payments.way.all' })}
        labelOf={(way) => intl.formatMessage({ id: `admin.payments.way.${way}` })}
        label={intl.formatMessage({ id: 'admin.payments.way' })}
        style={{ flex: '0 1 170px', minWidth: 140 }}
        testId="orders-way"
      />
      <UtcDayRange
        testId="orders-days"
        value={value.days}
        onChange={(days) => onChange({ ...value, days })}
      />
      <ClearFilters
        shown={any}
        onClear={() => {
          setTyped('');
          onChange(noOrderFilters);
        }}
      />
    </Flex>
  );
}
