import {
  invoicePurposes,
  paymentDetails,
  rechargeStatuses,
  type AdminInvoiceRow,
  type PaymentDetail,
} from '@resiport/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const all = (
    id: 'admin.payments.status.all' | 'admin.payments.detail.all' | 'admin.payments.purpose.all',
  ) => ({
    value: 'all' as const,
    label: intl.formatMessage({ id }),
  });
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
        data-testid="invoices-customer"
      />
      <Select<AdminInvoiceRow['status'] | 'all'>
        value={value.status ?? 'all'}
        onChange={(status) => onChange({ ...value, status: status === 'all' ? undefined : status })}
        aria-label={intl.formatMessage({ id: 'admin.payments.status' })}
        style={{ flex: '0 1 160px', minWidth: 140 }}
        data-testid="invoices-status"
        options={[
          all('admin.payments.status.all'),
          ...rechargeStatuses.map((status) => ({
            value: status,
            label: intl.formatMessage({ id: `recharge.status.${status}` }),
          })),
        ]}
      />
      <Select<PaymentDetail | 'all'>
        value={value.detail ?? 'all'}
        onChange={(detail) => onChange({ ...value, detail: detail === 'all' ? undefined : detail })}
        aria-label={intl.formatMessage({ id: 'admin.payments.detail' })}
        style={{ flex: '0 1 200px', minWidth: 160 }}
        data-testid="invoices-detail"
        options={[
          all('admin.payments.detail.all'),
          ...paymentDetails.map((detail) => ({
            value: detail,
            label: intl.formatMessage({ id: `payment.detail.${detail}` }),
          })),
        ]}
      />
      <Select<AdminInvoiceRow['purpose'] | 'all'>
        value={value.purpose ?? 'all'}
        onChange={(purpose) => onChange({ ...value, purpose: purpose === 'all' ? undefined : purpose })}
        aria-label={intl.formatMessage({ id: 'admin.payments.purpose' })}
        style={{ flex: '0 1 160px', minWidth: 140 }}
        data-testid="invoices-purpose"
        options={[
          all('admin.payments.purpose.all'),
          ...invoicePurposes.map((purpose) => ({
            value: purpose,
            label: intl.formatMessage({ id: `admin.payments.purpose.${purpose}` }),
          })),
        ]}
      />
      <UtcDayRange
        testId="invoices-days"
        value={value.days}
        onChange={(days) => onChange({ ...value, days })}
      />
      {any && (
        <Button
          onClick={() => {
            setTyped('');
            onChange(noInvoiceFilters);
          }}
        >
          <FormattedMessage id="admin.filters.clear" />
        </Button>
      )}
    </Flex>
  );
}
