import { CREDIT_OVERDRAW_BYTES_PER_TUNNEL } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burnCpu } from './cpu-burner';
import { ownerKey } from './fake-server';
import { startGateway } from './servers';
import { useTransferBench } from './transfer-bench';
import { drainTransfers, openTransfer, TRANSFER_PATHS, type TransferPath } from './transfers';

const MB = 1_000_000;
const CHUNK = CREDIT_OVERDRAW_BYTES_PER_TUNNEL;

/**
 * The credit bound on every protocol path: whatever the path (CONNECT, SOCKS5, a plain-HTTP download,
 * a plain-HTTP upload), the number of parallel transfers and the load on the machine, an owner's
 * transfers stop with at most one read buffer each past its traffic, and what reached the other side
 * is billed.
 */
describe('credit on every protocol path', () => {
  const bench = useTransferBench();
  let serial = 0;

  const billed = (owner: { account_id: number; subaccount_id: number | null }) => {
    const used = bench.fake.usage(owner);
    return used.up + used.down;
  };

  const drainOneMegabyte = async (path: TransferPath, parallel: number) => {
    const user = `pathproxy${String(++serial).padStart(3, '0')}`;
    const owner = bench.fake.addUser(user, 'Path-pass.1', 1 * MB);
    const sunkBefore = bench.target.sunk.bytes;
    const { targets } = bench;
    // Its own gateway: closing it takes every transfer's last reading and reports it (final figures).
    const gateway = await startGateway(bench.fake, { leaseMinBytes: 256_000 });
    const credentials = { user, pass: 'Path-pass.1' };
    const { opened, widest, rounds, received } = await drainTransfers(
      gateway,
      path,
      targets,
      credentials,
      parallel,
    );
    const again = await openTransfer(gateway, path, targets, credentials);
    again?.destroy();
    await gateway.close();
    expect(opened).toBeGreaterThan(0);
    // A download after the owner ran dry is refused; an upload's refusal may come after its body began.
    if (path !== 'http-post') expect(again, 'a transfer after the owner ran dry').toBeUndefined();
    const over = billed(owner) - 1 * MB;
    const uploaded = bench.target.sunk.bytes - sunkBefore;
    console.info(
      `credit ${path}: 1 MB owner, ${opened} transfers in ${rounds} rounds of ${parallel}: clients moved ` +
        `${received}, origin took ${uploaded}, billed ${billed(owner)}, past zero ${over} (bound ${widest * CHUNK})`,
    );
    expect(over).toBeLessThanOrEqual(widest * CHUNK);
    // What reached the other side is billed: the client's download, or the origin's upload.
    if (path === 'http-post') expect(uploaded).toBeLessThanOrEqual(billed(owner));
    else expect(received).toBeLessThanOrEqual(billed(owner));
    expect(bench.fake.overrun.get(ownerKey(owner)) ?? 0).toBe(Math.max(over, 0));
    // Nothing lost: what the owner had is billed or still its own. A plain-HTTP transfer may stop
    // with a little left (bytes read ahead from the origin, never delivered, are not billed), never
    // more than a read buffer per transfer.
    const left = bench.fake.left.get(ownerKey(owner)) ?? 0;
    expect(billed(owner) - (bench.fake.overrun.get(ownerKey(owner)) ?? 0) + left).toBe(1 * MB);
    expect(left).toBeLessThanOrEqual(path.startsWith('http') ? opened * CHUNK : 0);
  };

  for (const path of TRANSFER_PATHS) {
    for (const parallel of [1, 4, 16]) {
      it(`${path}: a 1 MB sub-account with ${parallel} parallel loopback transfers stops within ${CHUNK / 1024} KiB per transfer of zero`, async () => {
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
      it(`${path}: 16 parallel transfers on a 1 MB sub-account stop within ${CHUNK / 1024} KiB per transfer of zero`, async () => {
        await drainOneMegabyte(path, 16);
      });
    }
  });
});
