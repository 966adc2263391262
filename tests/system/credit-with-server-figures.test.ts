import { networkInterfaces } from 'node:os';
import { bytesToGbText, isUnroutableIp, whitelistEndpoints } from '@resiport/contract';
import { basic, closed, connectTo, httpConnect, httpConnectOn, waitFor } from '@resiport/gateway/testing';
import { accountInfo } from '@resiport/server/testing';
import { successData } from '@resiport/testkit';
import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  expectBooksBalanced,
  expectOverrunsWithinBound,
  GB,
  MB,
  moved,
  moveTraffic,
  settled,
  useCreditServer,
} from './support/credit-server-harness';
import { customerWithSub } from './support/customers';
import { serverApi } from './support/server-api';

/** This machine's own non-loopback address: the whitelist refuses loopback, so the client comes from here. */
function ownAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((a) => a?.family === 'IPv4' && !a.internal && !isUnroutableIp(a.address));
  if (!found) throw new Error('this host has no routable IPv4 address to whitelist');
  return found.address;
}
const OWN_ADDRESS = ownAddress();

/**
 * Decision 015, what the customer sees while a gateway holds a lease: reserved bytes are shown as
 * left (never as used), so the portal's figures do not drop by a reservation — for a sub-account
 * (`/api/auth/sublist`) and for the main account behind a whitelisted address (`/api/user/info`).
 */
describe('credit with the real server: the portal is truthful while a lease is open', () => {
  const { env, views } = useCreditServer();
  const whitelist = (ip: string, headers: Record<string, string>) =>
    serverApi(env.t).call(whitelistEndpoints.add, { ip }, headers);
  const unlist = (id: number, headers: Record<string, string>) =>
    serverApi(env.t).call(whitelistEndpoints.delete, { id }, headers);
  /** A gateway on this host's own address, and a paused download through it from there without a password. */
  const whitelistedDownload = async () => {
    // A new gateway: it remembers no earlier "not whitelisted", so its first look-up sees the address.
    const gateway = await env.gateway(OWN_ADDRESS);
    const socket = await connectTo(gateway.httpPort, { host: OWN_ADDRESS, localAddress: OWN_ADDRESS });
    const tunnel = await httpConnectOn(socket, `127.0.0.1:${env.blaster.port}`);
    expect(tunnel.status).toBe(200);
    tunnel.socket.pause(); // backpressure stops the tunnel with credit left in the lease
    return { gateway, tunnel };
  };

  it('a sub-account holding a lease shows left = allocated − used and its allocation unchanged', async () => {
    const { id, username, subId, headers } = await customerWithSub(env.t, 20);
    const gateway = await env.gateway();
    const tunnel = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${env.blaster.port}`,
      basic(username, 'Line-pass.1'),
    );
    expect(tunnel.status).toBe(200);
    tunnel.socket.pause(); // backpressure stops the tunnel with credit left in the lease
    const used = await settled(async () => Number((await views.subRow(subId)).traffic_used_bytes), 'usage');
    const [leases, row, { sub }] = [
      await views.openLeases(id, subId),
      await views.subRow(subId),
      await views.portalSub(headers, subId),
    ];
    const unused = leases.reduce((n, l) => n + Number(l.granted_bytes - l.used_bytes), 0);
    console.info(
      `figures: sub used ${used}, open lease unused ${unused}, balance ${row.traffic_left_bytes}, ` +
        `shown left ${sub.traffic_left_bytes}, allocated ${sub.allocated_bytes}`,
    );
    // The test means something only if a reservation with unused bytes exists right now.
    expect(leases).toHaveLength(1);
    expect(unused).toBeGreaterThan(0);
    expect(Number(row.traffic_reserved_bytes)).toBe(unused);
    expect(sub.traffic_used_bytes).toBe(used);
    expect(sub.allocated_bytes).toBe(20 * MB);
    expect(sub.traffic_left_bytes).toBe(20 * MB - used);
    expect(Number(row.traffic_left_bytes)).toBe(20 * MB - used - unused);
    tunnel.socket.destroy();
    await gateway.close(); // the final reading billed, the unused lease returned
    await expectBooksBalanced(env.t, id);
  });

  it('a whitelisted address spending the main account: user/info left drops by usage only, not by the lease', async () => {
    const { id, subId, token, headers } = await customerWithSub(env.t, 10);
    const whitelisted = await whitelist(OWN_ADDRESS, headers);
    expect(whitelisted.code).toBe(0);
    const whitelistId = successData(whitelisted).id;
    const before = (await accountInfo(env.t, token)).traffic_left_bytes;
    expect(before).toBe(GB - 10 * MB);
    const { gateway, tunnel } = await whitelistedDownload();
    const mainUsed = await settled(
      async () => Number((await views.accountRow(id)).traffic_used_bytes),
      'main-account usage',
    );
    const leases = await views.openLeases(id, null);
    const account = await views.accountRow(id);
    const info = await accountInfo(env.t, token);
    const { mainLeft } = await views.portalSub(headers, subId);
    const unused = leases.reduce((n, l) => n + Number(l.granted_bytes - l.used_bytes), 0);
    console.info(
      `figures: main used ${mainUsed} by whitelisted IP, open lease unused ${unused}, ` +
        `balance ${account.traffic_left_bytes}, user/info left ${info.traffic_left_bytes}`,
    );
    expect(leases).toHaveLength(1);
    expect(unused).toBeGreaterThan(0);
    expect(Number(account.traffic_reserved_bytes)).toBe(unused);
    expect(info.traffic_left_bytes).toBe(before - mainUsed);
    expect(mainLeft).toBe(before - mainUsed);
    expect(Number(account.traffic_left_bytes)).toBe(before - mainUsed - unused);

    // Removing the address voids the main account's lease at once and closes its tunnel (the
    // client still not reading: the gateway's own gauge says so).
    expect((await unlist(whitelistId, headers)).code).toBe(0);
    expect(await views.openLeases(id, null)).toEqual([]);
    await waitFor(async () => (await gateway.tunnelsOpen()) === 0, 5000, 'the whitelisted tunnel closed');
    await closed(tunnel.socket, 5000);
    await gateway.close();
    const afterRemoval = (await views.reported(id, null)) - mainUsed;
    console.info(
      `figures: whitelisted tunnel moved ${moved(tunnel.socket)} bytes; ${afterRemoval} reported after the removal`,
    );
    expect(afterRemoval).toBeLessThanOrEqual(CHUNK);
    await expectBooksBalanced(env.t, id);
  });

  it('allocating all the main account shows as left voids its lease first; the whitelisted tunnel stops', async () => {
    const { id, subId, headers } = await customerWithSub(env.t, 10);
    const whitelisted = await whitelist(OWN_ADDRESS, headers);
    expect(whitelisted.code).toBe(0);
    const { gateway, tunnel } = await whitelistedDownload();
    await settled(async () => Number((await views.accountRow(id)).traffic_used_bytes), 'main usage');
    const reportedBefore = await views.reported(id, null);
    const [lease] = await views.openLeases(id, null);
    expect(lease && lease.granted_bytes > lease.used_bytes).toBe(true);
    const { mainLeft, sub } = await views.portalSub(headers, subId);
    // More than the ledger balance (part of it is reserved), exactly what the portal shows.
    expect(BigInt(mainLeft)).toBeGreaterThan((await views.accountRow(id)).traffic_left_bytes);
    const allocated = await moveTraffic(env.t, headers, subId, 'allocate', bytesToGbText(mainLeft));
    expect(allocated.code).toBe(0);
    expect(allocated.data).toMatchObject({
      main_traffic_left_bytes: 0,
      sub: { allocated_bytes: sub.allocated_bytes + mainLeft },
    });
    expect(await views.openLeases(id, null)).toEqual([]);
    await waitFor(async () => (await gateway.tunnelsOpen()) === 0, 5000, 'the whitelisted tunnel closed');
    await closed(tunnel.socket, 5000);
    await gateway.close();
    const afterVoid = (await views.reported(id, null)) - reportedBefore;
    const overrun = expectOverrunsWithinBound(await views.overruns(id, null));
    console.info(
      `figures: main lease of ${lease ? lease.granted_bytes - lease.used_bytes : 0n} unused voided by an ` +
        `allocation of ${mainLeft}; ${afterVoid} bytes reported after, overrun ${overrun}`,
    );
    expect(afterVoid).toBeLessThanOrEqual(CHUNK);
    expect((await unlist(successData(whitelisted).id, headers)).code).toBe(0);
    await expectBooksBalanced(env.t, id);
  });
});
