import { MAX_EVENTS_WAIT_MS } from '@resiport/contract';
import type { GatewayEvents, ServerClient } from '../server-client';

export type GatewayEvent = GatewayEvents['events'][number];

interface PollerOptions {
  client: ServerClient;
  /** After a failed call, and between calls to a server that answers at once (no long poll). */
  intervalMs: number;
  onEvent: (event: GatewayEvent) => void;
  onError?: (error: Error) => void;
}

export interface EventPoller {
  stop: () => Promise<void>;
}

/**
 * A new process follows the feed from its head, read before it listens: whatever the feed says from
 * then on reaches every credential it will cache, and older events concern caches and tunnels it never
 * had (replaying them could undo a newer answer). Without the server it follows the whole feed, as
 * before: slower, never unsafe.
 */
export async function followChangeFeed(
  options: PollerOptions & { onHeadUnavailable: (error: Error) => void },
): Promise<EventPoller> {
  const from = await options.client.eventsHead().catch((error: unknown) => {
    options.onHeadUnavailable(error as Error);
    return 0;
  });
  return startEventPoller({ ...options, from });
}

/**
 * Follows the server's change feed (sub-account deleted/disabled/new password, whitelisted IP gone,
 * account changed, leases voided): long polls after `from` (the last id already behind this process),
 * pages read back to back. The
 * server writes an event in the same transaction as the change, so nothing is missed; the handler
 * forgets cached answers and closes what they allowed, well inside the 60 s cache lifetime.
 */
export function startEventPoller(options: PollerOptions & { from: number }): EventPoller {
  let cursor = options.from;
  const stopping = new AbortController();
  const stopped = () => stopping.signal.aborted;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const onStop = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        stopping.signal.removeEventListener('abort', onStop);
        resolve();
      }, ms);
      stopping.signal.addEventListener('abort', onStop, { once: true });
    });

  // A long poll: the server answers as soon as a change is written, so a recycle or a deletion
  // reaches this process in a round trip, not a polling interval.
  const run = async () => {
    let failing = false;
    while (!stopped()) {
      const asked = Date.now();
      try {
        const page = await options.client.events(cursor, {
          waitMs: MAX_EVENTS_WAIT_MS,
          signal: stopping.signal,
        });
        for (const event of page.events) options.onEvent(event);
        cursor = Math.max(cursor, page.last_id);
        failing = false;
        // Nothing came back, and at once: a server that does not wait. Poll it at the interval.
        if (page.events.length === 0 && Date.now() - asked < MAX_EVENTS_WAIT_MS / 2) {
          await pause(options.intervalMs);
        }
      } catch (error) {
        if (stopped()) return;
        // Once per outage, not once a second.
        if (!failing) options.onError?.(error as Error);
        failing = true;
        await pause(options.intervalMs);
      }
    }
  };
  const running = run();

  return {
    stop: async () => {
      stopping.abort();
      await running;
    },
  };
}
