import { customerRoles, customerStatuses, type CustomerRole, type CustomerStatus } from '@resiport/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface CustomerFilterValues {
  q: string;
  status: CustomerStatus | undefined;
  role: CustomerRole | undefined;
}

interface CustomerFiltersProps {
  value: CustomerFilterValues;
  onChange: (value: CustomerFilterValues) => void;
}

/** The search box (submitted with Enter or the button) and the status and role filters; they stack on a phone. */
export function CustomerFilters({ value, onChange }: CustomerFiltersProps) {
  const intl = useIntl();
  // What is typed, until it is searched for.
  const [typed, setTyped] = useState(value.q);
  const any = value.q !== '' || value.status !== undefined || value.role !== undefined;
  return (
    <Flex gap={8} wrap>
      <Input.Search
        allowClear
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={(q) => onChange({ ...value, q: q.trim() })}
        placeholder={intl.formatMessage({ id: 'admin.customers.search' })}
        aria-label={intl.formatMessage({ id: 'admin.customers.search' })}
        enterButton={intl.formatMessage({ id: 'admin.search' })}
        maxLength={200}
        style={{ flex: '1 1 280px', maxWidth: 480 }}
        data-testid="customers-search"
      />
      <Select<CustomerStatus | 'all'>
        value={value.status ?? 'all'}
        onChange={(status) => onChange({ ...value, status: status === 'all' ? undefined : status })}
        aria-label={intl.formatMessage({ id: 'admin.customers.status' })}
        style={{ flex: '0 1 180px', minWidth: 150 }}
        data-testid="customers-status"
        options={[
          { value: 'all', label: intl.formatMessage({ id: 'admin.customers.status.all' }) },
          ...customerStatuses.map((status) => ({
            value: status,
            label: intl.formatMessage({ id: `admin.customers.status.${status}` }),
          })),
        ]}
      />
      <Select<CustomerRole | 'all'>
        value={value.role ?? 'all'}
        onChange={(role) => onChange({ ...value, role: role === 'all' ? undefined : role })}
        aria-label={intl.formatMessage({ id: 'admin.customers.role' })}
        style={{ flex: '0 1 160px', minWidth: 140 }}
        data-testid="customers-role"
        options={[
          { value: 'all', label: intl.formatMessage({ id: 'admin.customers.role.all' }) },
          ...customerRoles.map((role) => ({
            value: role,
            label: intl.formatMessage({ id: `admin.customers.role.${role}` }),
          })),
        ]}
      />
      {any && (
        <Button
          onClick={() => {
            setTyped('');
            onChange({ q: '', status: undefined, role: undefined });
          }}
        >
          <FormattedMessage id="admin.filters.clear" />
        </Button>
      )}
    </Flex>
  );
}
