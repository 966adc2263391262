import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, closed, httpConnect, waitFor } from './clients';
import { startFakeServer, TEST_SECRET, type FakeServer } from './fake-server';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { closeServer, startFirehose } from './servers';

const MB = 1_000_000;
const JOURNAL_MS = 1000;
const TICK_MS = 250;

/**
 * A gateway killed with SIGKILL mid-transfer, then started again on the same usage journal: the
 * usage it had metered is billed, less at most what came in since its last checkpoint and meter
 * tick. Usage batches are not flushed during the test at all (GATEWAY_FLUSH_MS of a minute), so
 * without the journal everything metered before the kill would be lost.
 */
describe('usage across a kill -9', () => {
  let fake: FakeServer;
  let firehose: Awaited<ReturnType<typeof startFirehose>>;
  let dir: string;

  beforeAll(async () => {
    fake = await startFakeServer();
    // 32 KiB every 10 ms per tunnel: four stay below the early flush (64 MB unsent) for seconds.
    firehose = await startFirehose(32 * 1024, 10);
    dir = await mkdtemp(join(tmpdir(), 'resiport-journal-'));
  });
  afterAll(async () => {
    for (const gateway of started) if (gateway.running()) await gateway.kill();
    await closeServer(firehose);
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  const started: GatewayProcess[] = [];
  const gatewayOn = async (journal: string, instanceId: string) => {
    const gateway = await startGatewayProcess({
      internalSecret: TEST_SECRET,
      serverUrl: fake.url,
      instanceId,
      env: {
        GATEWAY_USAGE_JOURNAL: journal,
        GATEWAY_USAGE_JOURNAL_MS: String(JOURNAL_MS),
        GATEWAY_METER_TICK_MS: String(TICK_MS),
        GATEWAY_FLUSH_MS: '60000',
      },
    });
    started.push(gateway);
    return gateway;
  };

  it('bills what the killed process metered, within its last checkpoint interval and tick', async () => {
    const owner = fake.addUser('journalproxy1', 'Journal-pass.1', 10_000 * MB);
    const journal = join(dir, 'gateway.journal');
    const first = await gatewayOn(journal, 'journal-a');
    const tunnels: Socket[] = [];
    for (let i = 0; i < 4; i++) {
      const t = await httpConnect(
        first.httpPort,
        `127.0.0.1:${firehose.port}`,
        basic('journalproxy1', 'Journal-pass.1'),
      );
      expect(t.status).toBe(200);
      t.socket.resume();
      tunnels.push(t.socket);
    }
    const received = () => tunnels.reduce((sum, s) => sum + s.bytesRead + s.bytesWritten, 0);
    const started = Date.now();
    // Several checkpoints' worth, and nothing reported yet: the batches wait for a minute.
    await waitFor(
      () => Date.now() - started >= 3.5 * JOURNAL_MS && received() >= 10 * MB,
      30_000,
      'several checkpoints through the first process',
    );
    expect(fake.usage(owner).up + fake.usage(owner).down).toBe(0);
    await first.kill();
    await Promise.all(tunnels.map((s) => closed(s, 5000)));
    const seconds = (Date.now() - started) / 1000;
    const rate = received() / seconds;

    // The next process on the journal sends what it found; its graceful stop waits for the acks.
    const second = await gatewayOn(journal, 'journal-b');
    expect(await second.stop()).toBe(0);
    const billed = fake.usage(owner).up + fake.usage(owner).down;
    const bound = Math.ceil(rate * ((JOURNAL_MS + TICK_MS) / 1000));
    console.info(
      `journal: ${received()} bytes reached the clients in ${seconds.toFixed(1)} s (${(rate / MB).toFixed(1)} MB/s); ` +
        `billed after the kill ${billed}: ${received() - billed} short (bound ${bound})`,
    );
    expect(billed).toBeGreaterThan(0);
    expect(received() - billed).toBeLessThanOrEqual(bound);
    // Billed is what was written to the clients' sockets: never more than reached them, plus what
    // the kernel still held when the process died (at most a send buffer per tunnel).
    expect(billed - received()).toBeLessThanOrEqual(4 * 4 * 1024 * 1024);

    // A third process on the same journal finds nothing left: every batch was applied once.
    const third = await gatewayOn(journal, 'journal-c');
    expect(await third.stop()).toBe(0);
    expect(fake.usage(owner).up + fake.usage(owner).down).toBe(billed);
  });
});
