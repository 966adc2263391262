import { customerRoles, customerStatuses, type CustomerRole, type CustomerStatus } from '@resiport/contract';
import { Flex } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ClearFilters, OneOfFilter, SearchFilter } from '../../features/admin/components/list-filters';

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
      <SearchFilter
        typed={typed}
        onType={setTyped}
        onSearch={(q) => onChange({ ...value, q })}
        label={intl.formatMessage({ id: 'admin.customers.search' })}
        style={{ flex: '1 1 280px', maxWidth: 480 }}
        testId="customers-search"
      />
      <OneOfFilter
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
        values={customerStatuses}
        allLabel={intl.formatMessage({ id: 'admin.customers.status.all' })}
        labelOf={(status) => intl.formatMessage({ id: `admin.customers.status.${status}` })}
        label={intl.formatMessage({ id: 'admin.customers.status' })}
        style={{ flex: '0 1 180px', minWidth: 150 }}
        testId="customers-status"
      />
      <OneOfFilter
        value={value.role}
        onChange={(role) => onChange({ ...value, role })}
        values={customerRoles}
        allLabel={intl.formatMessage({ id: 'admin.customers.role.all' })}
        labelOf={(role) => intl.formatMessage({ id: `admin.customers.role.${role}` })}
        label={intl.formatMessage({ id: 'admin.customers.role' })}
        style={{ flex: '0 1 160px', minWidth: 140 }}
        testId="customers-role"
      />
      <ClearFilters
        shown={any}
        onClear={() => {
          setTyped('');
          onChange({ q: '', status: undefined, role: undefined });
        }}
      />
    </Flex>
  );
}
