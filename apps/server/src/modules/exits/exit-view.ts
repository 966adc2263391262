import type { AdminExit, ExitHealthStatus } from '@resiport/contract';
import type { Executor } from '../../db/database';
import { exitHealthOf, exitTrafficSums, type ExitHealthRow } from './exit-reports.repository';
import type { ExitRow } from './exits.repository';

/**
 * Exits as the console shows them: settings without the password, the health gateways reported
 * and the bytes carried. A gateway process that has not reported for HEALTH_FRESH_MS is gone (it
 * reports every few seconds): its view no longer decides the status, though its last error stays.
 */
export const HEALTH_FRESH_MS = 120_000;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const newest = <T>(rows: T[], at: (row: T) => Date | null): T | undefined =>
  rows.reduce<T | undefined>((best, row) => {
    const time = at(row)?.getTime();
    if (time === undefined) return best;
    const bestTime = best === undefined ? undefined : at(best)?.getTime();
    return bestTime === undefined || time > bestTime ? row : best;
  }, undefined);

export function healthOf(rows: ExitHealthRow[], now: Date): AdminExit['health'] {
  const fresh = rows.filter((row) => now.getTime() - row.reported_at.getTime() <= HEALTH_FRESH_MS);
  const restingUntil = fresh
    .map((row) => row.resting_until)
    .filter((until): until is Date => until !== null && until > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  const failures = Math.max(0, ...fresh.map((row) => row.consecutive_failures));
  const status: ExitHealthStatus =
    fresh.length === 0 ? 'unknown' : restingUntil ? 'resting' : failures > 0 ? 'failing' : 'ok';
  const lastError = newest(rows, (row) => row.last_error_at);
  const lastReport = newest(rows, (row) => row.reported_at);
  return {
    status,
    consecutive_failures: failures,
    last_error: lastError?.last_error ?? null,
    last_error_at: iso(lastError?.last_error_at ?? null),
    resting_until: iso(restingUntil ?? null),
    reported_at: iso(lastReport?.reported_at ?? null),
    reported_by: lastReport?.instance_id ?? null,
    gateways: fresh.length,
  };
}

export function settingsOf(row: ExitRow): Omit<AdminExit, 'health' | 'carried'> {
  return {
    id: row.id,
    type: row.type,
    host: row.host,
    port: row.port,
    username: row.username,
    has_password: row.password_sealed !== null,
    country: row.country,
    state: row.state,
    city: row.city,
    state_ru: row.state_ru,
    city_ru: row.city_ru,
    forward_targeting: row.forward_targeting,
    weight: row.weight,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The console's view of these rows, with their health and traffic (two reads for any number). */
export async function exitViews(db: Executor, rows: ExitRow[], now: Date): Promise<AdminExit[]> {
  const ids = rows.map((row) => row.id);
  const [health, traffic] = await Promise.all([
    exitHealthOf(db, ids),
    exitTrafficSums(db, ids, now.toISOString().slice(0, 10)),
  ]);
  return rows.map((row) => {
    const sums = traffic.find((t) => t.exit_id === row.id);
    return {
      ...settingsOf(row),
      health: healthOf(
        health.filter((h) => h.exit_id === row.id),
        now,
      ),
      carried: {
        today_bytes: Number(sums?.today ?? 0),
        week_bytes: Number(sums?.week ?? 0),
        month_bytes: Number(sums?.month ?? 0),
      },
    };
  });
}
