import { subEndpoints } from '@resiport/contract';
import { closed, waitFor } from '@resiport/gateway/testing';
import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  expectBooksBalanced,
  expectOverrunsWithinBound,
  MB,
  pausedDownload,
  smallDownload,
  useCreditServer,
} from './support/credit-server-harness';
import { customerWithSub } from './support/customers';
import { serverApi } from './support/server-api';

/**
 * Decision 015, access taken away while a tunnel is open (delete, disable, new password): the
 * sub-account's leases are voided in the same transaction, the gateway closes its tunnels on the
 * change feed, and nothing the customer sees drops by a reservation.
 */
describe('credit with the real server: delete, disable and a new password while a tunnel is open', () => {
  const { env, views } = useCreditServer();
  const api = () => serverApi(env.t);

  /** A 20 MB sub-account with a paused download holding an open lease with unused bytes. */
  const heldOpen = async () => {
    const customer = await customerWithSub(env.t, 20);
    const gateway = await env.gateway();
    const usedNow = async () => Number((await views.subRow(customer.subId)).traffic_used_bytes);
    const download = await pausedDownload(gateway.httpPort, env.blaster.port, customer, usedNow);
    const leases = await views.openLeases(customer.id, customer.subId);
    const unused = leases.reduce((n, l) => n + Number(l.granted_bytes - l.used_bytes), 0);
    expect(unused).toBeGreaterThan(0);
    const reportedBefore = await views.reported(customer.id, customer.subId);
    return { ...customer, gateway, ...download, unused, reportedBefore };
  };

  /** The gateway closes the tunnel while its client still does not read; answers bytes reported since. */
  const tunnelClosed = async (held: Awaited<ReturnType<typeof heldOpen>>) => {
    await waitFor(async () => (await held.gateway.tunnelsOpen()) === 0, 5000, 'the tunnel closed');
    await closed(held.socket, 5000);
    await held.gateway.close();
    return (await views.reported(held.id, held.subId)) - held.reportedBefore;
  };

  it('deleting: the main account gets everything, lease included, in the delete response; the tunnel closes', async () => {
    const held = await heldOpen();
    const { sub: shown, mainLeft } = await views.portalSub(held.headers, held.subId);
    expect(shown.traffic_left_bytes).toBe(20 * MB - held.used);
    const deleted = await api().call(subEndpoints.delete, { id: held.subId }, held.headers);
    expect(deleted.code).toBe(0);
    expect(deleted.data).toEqual({
      id: held.subId,
      recycled_bytes: shown.traffic_left_bytes,
      main_traffic_left_bytes: mainLeft + shown.traffic_left_bytes,
    });
    expect(await views.openLeases(held.id, held.subId)).toEqual([]);
    const afterVoid = await tunnelClosed(held);
    const overrun = expectOverrunsWithinBound(await views.overruns(held.id, held.subId));
    console.info(
      `delete: ${shown.traffic_left_bytes} bytes to main (lease of ${held.unused} unused included); ` +
        `${afterVoid} bytes reported after the delete, overrun ${overrun}`,
    );
    expect(afterVoid).toBeLessThanOrEqual(CHUNK);
    await expectBooksBalanced(env.t, held.id);
  });

  it('disabling: the lease closes at once, the tunnel closes, figures unchanged; enabled again it works', async () => {
    const held = await heldOpen();
    const status = (value: 'active' | 'disabled') =>
      api().call(subEndpoints.status, { id: held.subId, status: value }, held.headers);
    expect((await status('disabled')).code).toBe(0);
    expect(await views.openLeases(held.id, held.subId)).toEqual([]);
    const afterVoid = await tunnelClosed(held);
    const { sub } = await views.portalSub(held.headers, held.subId);
    console.info(
      `disable: lease of ${held.unused} unused returned; ${afterVoid} bytes reported after; ` +
        `shown left ${sub.traffic_left_bytes} of ${sub.allocated_bytes}`,
    );
    expect(afterVoid).toBeLessThanOrEqual(CHUNK);
    expect(sub.allocated_bytes).toBe(20 * MB);
    expect(sub.traffic_left_bytes).toBe(20 * MB - sub.traffic_used_bytes);
    expect(sub.traffic_used_bytes).toBe(held.used + afterVoid);

    const gateway = await env.gateway();
    const refused = await smallDownload(gateway.httpPort, env.target.port, held.username, held.password);
    expect(refused.status).not.toBe(200);
    expect((await status('active')).code).toBe(0);
    // A refusal is remembered for a moment; the change feed or its expiry lets the line in again.
    await waitFor(
      async () =>
        (await smallDownload(gateway.httpPort, env.target.port, held.username, held.password)).status === 200,
      5000,
      'the enabled sub-account carried again',
    );
    const again = await smallDownload(gateway.httpPort, env.target.port, held.username, held.password);
    expect(again.body).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\n\r\nx{1000}$/);
    await gateway.close();
    await expectBooksBalanced(env.t, held.id);
  });

  it('a new password: the lease closes at once, the old tunnel closes, the new password carries', async () => {
    const held = await heldOpen();
    const changed = await api().call(
      subEndpoints.password,
      { id: held.subId, password: 'Fresh-pass.2' },
      held.headers,
    );
    expect(changed.code).toBe(0);
    expect(await views.openLeases(held.id, held.subId)).toEqual([]);
    const afterVoid = await tunnelClosed(held);
    const { sub } = await views.portalSub(held.headers, held.subId);
    console.info(`password: lease of ${held.unused} unused returned; ${afterVoid} bytes reported after`);
    expect(afterVoid).toBeLessThanOrEqual(CHUNK);
    expect(sub.allocated_bytes).toBe(20 * MB);
    expect(sub.traffic_left_bytes).toBe(20 * MB - sub.traffic_used_bytes);

    const gateway = await env.gateway();
    const fresh = await smallDownload(gateway.httpPort, env.target.port, held.username, 'Fresh-pass.2');
    expect(fresh.body).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\n\r\nx{1000}$/);
    const old = await smallDownload(gateway.httpPort, env.target.port, held.username, held.password);
    expect(old.status).toBe(407);
    await gateway.close();
    await expectBooksBalanced(env.t, held.id);
  });
});
