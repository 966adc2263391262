import {
  internalGatewayEndpoints,
  trafficEndpoints,
  type Endpoint,
  type EndpointInput,
  type UsageEntry,
} from '@resiport/contract';
import type { TestApp } from '../../../test/test-app';
import { apiUrl } from '@resiport/testkit';

export const MB = 1_000_000;
export const GB = 1_000_000_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The traffic calls as a customer makes them, usage batches as a gateway sends them, and the clock. */
export function trafficCalls(app: () => TestApp) {
  let serial = 0;
  /**
   * A traffic read as the portal asks it; any query, as the tests of refused ranges and filters send
   * one. A success's `data` is checked against and typed by the endpoint's response schema.
   */
  const get = <P extends 'changelog' | 'details' | 'usage'>(
    path: P,
    query: Record<string, string>,
    headers: Record<string, string> = {},
  ) => app().sendUnchecked(trafficEndpoints[path], query, { headers });
  const internal = <E extends Endpoint>(endpoint: E, body: EndpointInput<E>) => app().send(endpoint, body);
  return {
    get,
    /** Raw inject (for the CSV answer, which is not an envelope). */
    raw: (query: Record<string, string>, headers: Record<string, string>) =>
      app().app.inject({
        method: 'GET',
        url: `${apiUrl(trafficEndpoints.details)}?${new URLSearchParams(query).toString()}`,
        headers,
      }),
    /** A gateway's internal call (lease, release, usage …) with the internal secret. */
    internal,
    /** `internalGatewayEndpoints.usage`, as a gateway process would. */
    usage: (entries: UsageEntry[], batchId = `gw-traffic:${++serial}`) =>
      internal(internalGatewayEndpoints.usage, { batch_id: batchId, instance_id: 'gw-traffic', entries }),
    /** Moves the app clock forward to `at` (never back). */
    advanceTo: (at: Date) => {
      const seconds = (at.getTime() - app().ctx.clock().getTime()) / 1000;
      if (seconds < 0) throw new Error(`the clock is already past ${at.toISOString()}`);
      app().advanceClock(seconds);
    },
  };
}

/** `YYYY-MM-DD` of the UTC day `days` after the one of `from` (an instant or a `YYYY-MM-DD` day). */
export function dayOf(from: Date | number | string, days = 0): string {
  const start = typeof from === 'string' ? Date.parse(`${from}T00:00:00Z`) : new Date(from).getTime();
  return new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}

/** A UTC instant: `day` at `hour`:`minute`. */
export const at = (day: string, hour: number, minute = 10) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
