import type { GatewayEvents, ServerClient } from '../server-client';

export type GatewayEvent = GatewayEvents['events'][number];

/**
 * Follows the server's change feed (sub-account deleted/disabled/new password, whitelisted IP gone,
 * account changed): one call per interval after the last seen id, pages read back to back. The
 * server writes an event in the same transaction as the change, so nothing is missed; the handler
 * forgets cached answers and closes what they allowed, well inside the 60 s cache lifetime.
 */
export function startEventPoller(options: {
  client: ServerClient;
  intervalMs: number;
  onEvent: (event: GatewayEvent) => void;
  onError?: (error: Error) => void;
}): { stop: () => Promise<void> } {
  let cursor = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const poll = async () => {
    for (;;) {
      const page = await options.client.events(cursor);
      for (const event of page.events) options.onEvent(event);
      const advanced = page.last_id > cursor;
      cursor = Math.max(cursor, page.last_id);
      if (page.events.length === 0 || !advanced || stopped) return;
    }
  };
  let failing = false;
  const cycle = () => {
    running = poll()
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        // Once per outage, not once a second.
        if (!failing) options.onError?.(error as Error);
        failing = true;
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(cycle, options.intervalMs);
      });
  };
  cycle();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
