import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeSettings,
  settingsFromQuery,
  settingsToQuery,
  type GeneratorSettings,
} from '../../features/dynamic/generator-settings';

/**
 * The generator's settings, kept in the query string: a configured generator can be bookmarked,
 * shared with a teammate, or reopened after a reload. Changes replace the history entry, so
 * Back still leaves the page instead of stepping through every click.
 */
export function useGeneratorSettings() {
  const [searchParams, setSearchParams] = useSearchParams();
  const settings = useMemo(() => settingsFromQuery(searchParams), [searchParams]);
  const update = useCallback(
    (change: Partial<GeneratorSettings>) =>
      setSearchParams(
        (previous) => settingsToQuery(changeSettings(settingsFromQuery(previous), change), previous),
        { replace: true },
      ),
    [setSearchParams],
  );
  return { settings, update };
}
