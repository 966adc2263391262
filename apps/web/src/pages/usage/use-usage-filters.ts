import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { utcDateOf } from '../../features/traffic/date-range';
import {
  changeFilters,
  filtersFromQuery,
  filtersToQuery,
  resolveRange,
  type UsageFilters,
} from '../../features/traffic/usage-filters';

/**
 * The page's tab and filters, kept in the query string (bookmarkable, like the generator's
 * settings). Changes replace the history entry, so Back leaves the page. "Today" is the UTC day
 * the page was opened on.
 */
export function useUsageFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => utcDateOf(Date.now()));
  const filters = useMemo(() => filtersFromQuery(searchParams, today), [searchParams, today]);
  const range = useMemo(() => resolveRange(filters.range, today), [filters.range, today]);
  const update = useCallback(
    (change: Partial<UsageFilters>) =>
      setSearchParams(
        (previous) => filtersToQuery(changeFilters(filtersFromQuery(previous, today), change), previous),
        { replace: true },
      ),
    [setSearchParams, today],
  );
  return { filters, range, today, update };
}
