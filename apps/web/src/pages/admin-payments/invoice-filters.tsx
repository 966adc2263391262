import {
  invoicePurposes,
  paymentDetails,
  rechargeStatuses,
  type AdminInvoiceRow,
  type PaymentDetail,
} from '@resiport/contract';
import { Flex } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ClearFilters, OneOfFilter, SearchFilter } from '../../features/admin/components/list-filters';
import { UtcDayRange, type DayRange } from '../../features/admin/components/utc-day-range';

export interface InvoiceFilterValues {
  customer: string;
  status: AdminInvoiceRow['status'] | undefined;
  detail: PaymentDetail | undefined;
  purpose: AdminInvoiceRow['purpose'] | undefined;
  days: DayRange;
}

export const noInvoiceFilters: InvoiceFilterValues = {
  customer: '',
  status: undefined,
  detail: undefined,
  purpose: undefined,
  days: {},
};

/** A filter's value from the page address (`?detail=underpaid`, as the overview links here), if valid. */
export function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((value) => value === raw);
}

/** The filters from the page address: what another page linked to. */
export function invoiceFiltersOf(params: URLSearchParams): InvoiceFilterValues {
  return {
    ...noInvoiceFilters,
    status: oneOf(rechargeStatuses, params.get('status')),
    detail: oneOf(paymentDetails, params.get('detail')),
    purpose: oneOf(invoicePurposes, params.get('purpose')),
  };
}

/** Customer (email or id), status, the provider's detail, what it pays for, and UTC days. */
export function InvoiceFilters({
  value,
  onChange,
}: {
  value: InvoiceFilterValues;
  onChange: (value: InvoiceFilterValues) => void;
}) {
  const intl = useIntl();
  const [typed, setTyped] = useState(value.customer);
  const any =
    value.customer !== '' ||
    value.status !== undefined ||
    value.detail !== undefined ||
    value.purpose !== undefined ||
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
        testId="invoices-customer"
      />
      <OneOfFilter
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
        values={rechargeStatuses}
        allLabel={intl.formatMessage({ id: 'admin.payments.status.all' })}
        labelOf={(status) => intl.formatMessage({ id: `recharge.status.${status}` })}
        label={intl.formatMessage({ id: 'admin.payments.status' })}
        style={{ flex: '0 1 160px', minWidth: 140 }}
        testId="invoices-status"
      />
      <OneOfFilter
        value={value.detail}
        onChange={(detail) => onChange({ ...value, detail })}
        values={paymentDetails}
        allLabel={intl.formatMessage({ id: 'admin.payments.detail.all' })}
        labelOf={(detail) => intl.formatMessage({ id: `payment.detail.${detail}` })}
        label={intl.formatMessage({ id: 'admin.payments.detail' })}
        style={{ flex: '0 1 200px', minWidth: 160 }}
        testId="invoices-detail"
      />
      <OneOfFilter
        value={value.purpose}
        onChange={(purpose) => onChange({ ...value, purpose })}
        values={invoicePurposes}
        allLabel={intl.formatMessage({ id: 'admin.payments.purpose.all' })}
        labelOf={(purpose) => intl.formatMessage({ id: `admin.payments.purpose.${purpose}` })}
        label={intl.formatMessage({ id: 'admin.payments.purpose' })}
        style={{ flex: '0 1 160px', minWidth: 140 }}
        testId="invoices-purpose"
      />
      <UtcDayRange
        testId="invoices-days"
        value={value.days}
        onChange={(days) => onChange({ ...value, days })}
      />
      <ClearFilters
        shown={any}
        onClear={() => {
          setTyped('');
          onChange(noInvoiceFilters);
        }}
      />
    </Flex>
  );
}
