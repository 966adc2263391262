import { subEndpoints } from '@resiport/contract';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHUNK, expectBooksBalanced, MB, useCreditServer } from './support/credit-server-harness';
import { customerWithSub } from './support/customers';
import { serverApi } from './support/server-api';

/** The most a TCP socket's kernel send queue grows to (`net.ipv4.tcp_wmem`'s maximum; 4 MiB by default). */
const SEND_QUEUE_MAX = Number(readFileSync('/proc/sys/net/ipv4/tcp_wmem', 'utf8').trim().split(/\s+/)[2]);

/**
 * Auto-refill against downloads at loopback speed (the real server, a real gateway process): a
 * sub-account with a threshold far below a few seconds of its traffic is refilled at its gateway's
 * renewals, in time, and stops only when the day's maximum is used up, not at its first zero.
 */
describe('auto-refill in time', () => {
  const { env, views } = useCreditServer();

  it('3 loopback downloads on 5 MB with "below 2 MB, add 5 MB, at most 20 MB a day" run through all 25 MB', async () => {
    const { id, username, password, subId, headers } = await customerWithSub(env.t, 5);
    const set = await serverApi(env.t).call(
      subEndpoints.refill,
      { id: subId, refill_below: '0.002', refill_amount: '0.005', refill_daily_max: '0.02' },
      headers,
    );
    expect(set.code).toBe(0);
    const gateway = await env.gateway();
    // One round: the same three downloads carry it all (a new connection after a cut would refill too).
    const { opened, received } = await env.drainOn(gateway, 'connect', username, password, 3, true);
    await gateway.close();
    expect(opened).toBe(3);
    const reported = await views.reported(id, subId);
    const { sub } = await views.portalSub(headers, subId);
    console.info(
      `refill: 3 tunnels moved ${received}, reported ${reported}, refilled today ${sub.refilled_today_bytes}, ` +
        `allocated ${sub.allocated_bytes}, left ${sub.traffic_left_bytes}`,
    );
    // Every refill the day allowed happened while the downloads ran: they were not cut at 5 MB.
    expect(sub.refilled_today_bytes).toBe(20 * MB);
    expect(sub.allocated_bytes).toBe(25 * MB);
    // Bytes still queued for a client when the last refill was spent never left: not billed, the
    // sub-account's own again (delivered.ts). They are what a tunnel's send queues held at the cut —
    // megabytes when this busy process reads its own downloads slowly — never more: the downloads ran
    // through the refills (cut at the first zero, they would have moved about 5 MB).
    expect(reported + sub.traffic_left_bytes).toBeGreaterThanOrEqual(25 * MB);
    expect(25 * MB - reported).toBeLessThanOrEqual(opened * (SEND_QUEUE_MAX + 2 * CHUNK));
    expect(reported).toBeLessThanOrEqual(25 * MB + opened * CHUNK);
    expect(received).toBeLessThanOrEqual(reported);
    await expectBooksBalanced(env.t, id);
  });
});
