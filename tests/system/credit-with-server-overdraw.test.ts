import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '@resiport/gateway';
import { burnCpu, TRANSFER_PATHS, type TransferPath } from '@resiport/gateway/testing';
import {
  CHUNK,
  drainTunnels,
  expectBooksBalanced,
  expectOverrunsWithinBound,
  MB,
  moveTraffic,
  useCreditServer,
} from './support/credit-server-harness';
import { customerWithSub } from './support/customers';

/**
 * Decision 015, delivery past zero against the real server and a source at loopback speed: one
 * gateway process delivers at most one read buffer per open tunnel beyond an owner's traffic; the
 * main account pays it and the sub-account owes it back from its next traffic, so allocating in tiny
 * steps never buys a chunk past the limit per step.
 */
describe('credit with the real server: past zero, overruns and debt', () => {
  const { env, views } = useCreditServer();

  const drain = (gateway: Gateway, user: string, pass: string, n: number) =>
    drainTunnels(gateway, env.blaster.port, user, pass, n);

  it('12 kB allocated 1 kB at a time, a download after each step: at most 12 kB + one read buffer delivered', async () => {
    const { id, username, password, subId, headers } = await customerWithSub(env.t, 0.001);
    let received = 0;
    const perStep: number[] = [];
    for (let step = 0; step < 12; step++) {
      if (step > 0) expect((await moveTraffic(env.t, headers, subId, 'allocate', '0.000001')).code).toBe(0);
      // A new gateway process each step: nothing it remembers ("nothing left") spares the server a look.
      const gateway = await env.gateway();
      const got = (await drain(gateway, username, password, 1)).received;
      await gateway.close(); // the final reading reported, the lease returned
      perStep.push(got);
      received += got;
    }
    const reported = await views.reported(id, subId);
    const rows = await views.overruns(id, subId);
    const overrun = expectOverrunsWithinBound(rows);
    const repaid = await views.repaidByAllocations(subId);
    const row = await views.subRow(subId);
    const { sub } = await views.portalSub(headers, subId);
    console.info(
      `steps: 12 × 1 kB delivered ${received} bytes to clients (per step ${perStep.join(', ')}), ` +
        `reported ${reported}, overrun ${overrun} (bounds ${rows.map((r) => r.bound_bytes).join(', ')}), ` +
        `repaid from ${repaid.count} allocations ${repaid.bytes}, debt left ${row.traffic_debt_bytes}`,
    );
    expect(received).toBeLessThanOrEqual(reported);
    expect(reported).toBeLessThanOrEqual(12_000 + CHUNK);
    expect(sub.allocated_bytes).toBe(12_000);
    // Every byte reported is billed (the main account paid what the sub-account did not have, nothing
    // written off), and the sub-account owes that back: each step's kilobyte went to it first.
    expect(overrun).toBe(0);
    expect(Number(row.traffic_used_bytes)).toBe(reported);
    const past = reported - 1000;
    expect(repaid.bytes).toBe(Math.min(past, 11_000));
    expect(Number(row.traffic_debt_bytes)).toBe(past - repaid.bytes);
    expect(sub.traffic_left_bytes).toBe(Math.max(0, 11_000 - past));
    await expectBooksBalanced(env.t, id);
  });

  const drainOneMegabyte = async (path: TransferPath, parallel: number) => {
    const { id, username, password, subId, headers } = await customerWithSub(env.t, 1);
    const gateway = await env.gateway();
    const sunkBefore = env.target.sunk.bytes;
    const { opened, widest, rounds, received } = await env.drainOn(
      gateway,
      path,
      username,
      password,
      parallel,
    );
    await gateway.close();
    expect(opened).toBeGreaterThan(0);
    const reported = await views.reported(id, subId);
    const overrun = expectOverrunsWithinBound(await views.overruns(id, subId));
    const row = await views.subRow(subId);
    const { sub } = await views.portalSub(headers, subId);
    const uploaded = env.target.sunk.bytes - sunkBefore;
    console.info(
      `${path}: 1 MB, ${opened} transfers in ${rounds} rounds of ${parallel}: clients moved ${received}, ` +
        `origin took ${uploaded}, reported ${reported}, past zero ${reported - MB} (bound ${widest * CHUNK}), ` +
        `debt ${row.traffic_debt_bytes}`,
    );
    // What reached the other side is billed: the client's download, or the origin's upload.
    expect(path === 'http-post' ? uploaded : received).toBeLessThanOrEqual(reported);
    expect(reported).toBeLessThanOrEqual(MB + widest * CHUNK);
    // A plain-HTTP owner may stop a little short: bytes read ahead from the origin, never
    // delivered, are not billed. Never more than a read buffer per transfer.
    expect(MB - reported).toBeLessThanOrEqual(path.startsWith('http') ? opened * CHUNK : 0);
    // Past zero is paid by the main account (nothing written off) and owed back by the sub-account.
    expect(sub.traffic_left_bytes).toBe(Math.max(0, MB - reported));
    expect(sub.traffic_used_bytes).toBe(reported);
    expect(sub.allocated_bytes).toBe(MB);
    expect(overrun).toBe(0);
    expect(Number(row.traffic_debt_bytes)).toBe(Math.max(0, reported - MB));
    await expectBooksBalanced(env.t, id);
  };

  for (const path of TRANSFER_PATHS) {
    for (const parallel of [1, 4, 16]) {
      it(`${path}: a fresh 1 MB sub-account with ${parallel} parallel loopback transfers: billed within 1 MB + ${CHUNK / 1024} KiB per transfer, nothing lost`, async () => {
        await drainOneMegabyte(path, parallel);
      });
    }
  }

  describe('with every core busy', () => {
    let stopBurning: () => Promise<void>;
    beforeAll(() => {
      stopBurning = burnCpu();
    });
    afterAll(() => stopBurning());

    for (const path of TRANSFER_PATHS) {
      it(`${path}: 16 parallel transfers on a fresh 1 MB sub-account stay within ${CHUNK / 1024} KiB per transfer`, async () => {
        await drainOneMegabyte(path, 16);
      });
    }
  });
});
