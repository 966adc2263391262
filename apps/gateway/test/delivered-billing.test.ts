import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { kernelQueues } from '../src/meter/kernel-queues';
import { waitFor } from './clients';
import { startGateway, tunnelsOpen } from './servers';
import { useTransferBench } from './transfer-bench';
import { openTransfer, type TransferPath } from './transfers';

const GB = 1_000_000_000;
const MB = 1_000_000;
const KiB = 1024;
const IDLE_MS = 1000;
const DOWNLOAD_PATHS: TransferPath[] = ['connect', 'socks5', 'http-get'];

/**
 * Billed is what reached the client: bytes the gateway wrote that were still queued (in the socket,
 * in libuv, in the kernel's send queue) when a download was aborted, or when a client that stopped
 * reading was timed out, never arrived and are not billed. "Reached" is what the client's kernel
 * acknowledged: what the client read, plus what its kernel held unread (measured with SIOCINQ on the
 * client's socket). Linux only, as the measure itself (kernel-queues.ts).
 */
describe.runIf(kernelQueues)('billed is what reached the client', () => {
  const bench = useTransferBench();
  let serial = 0;

  /** A download on its own gateway (closing it takes the last readings and reports them). */
  const download = async (path: TransferPath) => {
    const user = `reachproxy${String(++serial).padStart(2, '0')}`;
    const owner = bench.fake.addUser(user, 'Reach-pass.1', GB);
    const gateway = await startGateway(bench.fake, { idleTimeoutMs: IDLE_MS, metricsPort: 0 });
    const socket = await openTransfer(gateway, path, bench.targets, { user, pass: 'Reach-pass.1' });
    if (!socket) throw new Error(`${path}: the download was refused`);
    socket.on('error', () => undefined);
    const billedDown = async () => {
      // Closed by the client (an abort) or by the gateway (idle): not read on meanwhile.
      await waitFor(() => socket.closed, 10_000, 'the download to close');
      await gateway.close();
      return bench.fake.usage(owner).down;
    };
    return { socket, gateway, billedDown };
  };

  /**
   * Reads at full speed until `bytes` arrived, then stops reading and waits until the client's kernel
   * stops taking bytes too (its receive buffer is full; the gateway's queues fill behind it). Answers
   * nothing: what reached the client is read when nothing more can arrive (`reachedNow`).
   */
  const readThenStall = async (socket: Socket, bytes: number) => {
    await new Promise<void>((resolve) => {
      const onData = () => {
        if (socket.bytesRead < bytes) return;
        socket.off('data', onData);
        socket.pause();
        resolve();
      };
      socket.on('data', onData);
      socket.resume();
    });
    // At most half the idle timeout: what is measured is read later (reachedNow), so a flow that a
    // busy machine keeps pausing and resuming needs no exact end here.
    const deadline = Date.now() + IDLE_MS / 2;
    let unread = -1;
    while (Date.now() < deadline) {
      const before = unread;
      unread = kernelQueues?.unread(socket) ?? 0;
      if (unread > 0 && unread === before) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /**
   * What reached the client, read in one instant: what it read, and what its kernel holds unread.
   * Taken when nothing more can arrive (as it aborts, or once the gateway closed the tunnel): a
   * reading from before a pause in the flow (a busy machine) would miss what came after it.
   */
  const reachedNow = (socket: Socket) => ({
    read: socket.bytesRead,
    unread: kernelQueues?.unread(socket) ?? 0,
  });

  /** Billed within 64 KiB of what reached the client, and never less than what it read. */
  const expectBilledAsReached = (billed: number, reached: { read: number; unread: number }) => {
    expect(billed).toBeGreaterThanOrEqual(reached.read);
    expect(Math.abs(billed - reached.read - reached.unread)).toBeLessThanOrEqual(64 * KiB);
  };

  for (const path of DOWNLOAD_PATHS) {
    it(`${path}: a download the client stops reading and then aborts is billed within 64 KiB of what reached it`, async () => {
      const { socket, billedDown } = await download(path);
      await readThenStall(socket, 8 * MB);
      const reached = reachedNow(socket);
      socket.destroy();
      const billed = await billedDown();
      console.info(
        `aborted ${path}: client read ${reached.read}, its kernel held ${reached.unread} unread, billed ${billed}`,
      );
      expectBilledAsReached(billed, reached);
    });

    it(`${path}: a client that stops reading is billed what reached it, not the gateway's queues, when the tunnel times out`, async () => {
      const { socket, gateway, billedDown } = await download(path);
      await readThenStall(socket, 2 * MB);
      await waitFor(async () => (await tunnelsOpen(gateway)) === 0, 10_000, 'the idle timeout');
      const reached = reachedNow(socket);
      // A client that does not read does not see the reset either: reading again, it does.
      socket.resume();
      const billed = await billedDown();
      console.info(
        `stalled ${path}: client read ${reached.read}, its kernel held ${reached.unread} unread, billed ${billed}`,
      );
      expectBilledAsReached(billed, reached);
    });
  }
});
