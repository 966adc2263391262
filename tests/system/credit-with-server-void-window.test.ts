import { bytesToGbText, subEndpoints } from '@resiport/contract';
import { basic, closed, httpConnect } from '@resiport/gateway/testing';
import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  expectBooksBalanced,
  expectOverrunsWithinBound,
  moveTraffic,
  settled,
  useCreditServer,
} from './support/credit-server-harness';
import { customerWithSub } from './support/customers';
import { serverApi } from './support/server-api';

/**
 * Decision 015 promises that one gateway process delivers at most one read buffer per open tunnel
 * beyond an owner's traffic, and that a recycle voids the sub-account's credit at once. Here the
 * client keeps reading right after a full recycle or a delete answers: the server answers only once
 * the gateway holding the lease has applied the void (decision 019), so the voided credit carries
 * nothing more, however fast the client reads and however slow the feed's round trip. What the gateway
 * had already written for the client before the void, and its kernel had not sent (the client was not
 * reading), is billed when it is sent, after the void (decision 042): it is counted apart.
 */
describe('credit with the real server: a client that reads on after a recycle or a delete', () => {
  const { env, views } = useCreditServer();
  const deleteSub = (subId: number, headers: Record<string, string>) =>
    serverApi(env.t).call(subEndpoints.delete, { id: subId }, headers);

  for (const action of ['recycle', 'delete'] as const) {
    it(`a 20 MB sub-account: at most one read buffer past its traffic after a ${action}`, async () => {
      const { id, username, password, subId, headers } = await customerWithSub(env.t, 20);
      // A slow fallback poll: only the long poll can bring the void in time (a short poll landing
      // between the void and the client's next read would hide what the client could take).
      const gateway = await env.gateway('127.0.0.1', { GATEWAY_EVENTS_POLL_MS: '5000' });
      const tunnel = await httpConnect(
        gateway.httpPort,
        `127.0.0.1:${env.blaster.port}`,
        basic(username, password),
      );
      expect(tunnel.status).toBe(200);
      tunnel.socket.pause(); // backpressure stops the tunnel with its lease's credit unspent
      await settled(async () => Number((await views.subRow(subId)).traffic_used_bytes), 'usage');
      const reportedBefore = await views.reported(id, subId);
      const [lease] = await views.openLeases(id, subId);
      const unsentBefore = await gateway.clientUnsent();
      const unused = lease ? Number(lease.granted_bytes - lease.used_bytes) : 0;
      const { sub: shown } = await views.portalSub(headers, subId);
      // Afterwards the sub-account keeps only what it used: everything else is the main account's.
      const voiding =
        action === 'recycle'
          ? moveTraffic(env.t, headers, subId, 'recycle', bytesToGbText(shown.traffic_left_bytes))
          : deleteSub(subId, headers);
      expect((await voiding).code).toBe(0);
      tunnel.socket.on('data', () => undefined); // reads at loopback speed again
      await closed(tunnel.socket, 20_000);
      await gateway.close();
      const afterVoid = (await views.reported(id, subId)) - reportedBefore;
      const overrun = expectOverrunsWithinBound(await views.overruns(id, subId));
      const debt = (await views.subRow(subId)).traffic_debt_bytes;
      // Deleted now (if not already): its debt is billed from nothing any more.
      if (action === 'recycle') {
        expect((await deleteSub(subId, headers)).code).toBe(0);
      }
      const after = await views.subRow(subId);
      const main = await views.accountRow(id);
      console.info(
        `void window: 20 MB sub, lease of ${unused} unused voided by a ${action}; the client then ` +
          `received ${afterVoid} bytes past the sub-account's traffic, ${unsentBefore} of them written ` +
          `before the void (overrun ${overrun}, debt ${debt}); ` +
          `after deleting it: sub debt ${after.traffic_debt_bytes}, main debt ${main.traffic_debt_bytes}`,
      );
      await expectBooksBalanced(env.t, id);
      expect(afterVoid).toBeLessThanOrEqual(unsentBefore + CHUNK);
      // Whatever came after the void was paid by the main account, owed by the sub-account while it
      // lived, and never written off.
      expect(overrun).toBe(0);
      if (action === 'recycle') expect(Number(debt)).toBe(afterVoid);
    });
  }
});
