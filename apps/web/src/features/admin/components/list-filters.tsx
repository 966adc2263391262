import { Button, Input, Select } from 'antd';
import type { CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The parts every console list's filter bar is made of, so the lists look and behave alike: a search
 * box submitted with Enter or its button, "all or one of these" selects, and a clear button.
 */

/** The search box: `typed` is what is typed, searched for (trimmed) only when submitted. */
export function SearchFilter({
  typed,
  onType,
  onSearch,
  label,
  style,
  testId,
}: {
  typed: string;
  onType: (typed: string) => void;
  onSearch: (text: string) => void;
  label: string;
  style: CSSProperties;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <Input.Search
      allowClear
      value={typed}
      onChange={(event) => onType(event.target.value)}
      onSearch={(text) => onSearch(text.trim())}
      placeholder={label}
      aria-label={label}
      enterButton={intl.formatMessage({ id: 'admin.search' })}
      maxLength={200}
      style={style}
      data-testid={testId}
    />
  );
}

/** Every row, or only those with one of `values` (undefined: all). */
export function OneOfFilter<T extends string>({
  value,
  onChange,
  values,
  allLabel,
  labelOf,
  label,
  style,
  testId,
}: {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  values: readonly T[];
  allLabel: string;
  labelOf: (value: T) => string;
  label: string;
  style: CSSProperties;
  testId: string;
}) {
  return (
    <Select<T | 'all'>
      value={value ?? 'all'}
      onChange={(chosen) => onChange(chosen === 'all' ? undefined : chosen)}
      aria-label={label}
      style={style}
      data-testid={testId}
      options={[
        { value: 'all', label: allLabel },
        ...values.map((one) => ({ value: one, label: labelOf(one) })),
      ]}
    />
  );
}

/** Shown while any filter is set; clears them all. */
export function ClearFilters({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  if (!shown) return null;
  return (
    <Button onClick={onClear}>
      <FormattedMessage id="admin.filters.clear" />
    </Button>
  );
}
