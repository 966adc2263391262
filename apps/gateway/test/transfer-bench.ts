import { afterAll, beforeAll } from 'vitest';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startBlaster, startHttpTarget } from './servers';
import type { TransferTargets } from './transfers';

/** What transfers on every path need: the fake API server, a blaster and an HTTP origin. */
export interface TransferBench {
  fake: FakeServer;
  blaster: Awaited<ReturnType<typeof startBlaster>>;
  target: Awaited<ReturnType<typeof startHttpTarget>>;
  targets: TransferTargets;
}

/**
 * Starts a transfer bench before the describe block's tests and closes it after them; read its
 * fields inside the tests (they are set once `beforeAll` has run).
 */
export function useTransferBench(): TransferBench {
  const bench = {} as TransferBench;
  beforeAll(async () => {
    bench.fake = await startFakeServer();
    bench.blaster = await startBlaster();
    bench.target = await startHttpTarget();
    bench.targets = { blasterPort: bench.blaster.port, httpTargetPort: bench.target.port };
  });
  afterAll(async () => {
    await Promise.all([closeServer(bench.blaster), closeServer(bench.target)]);
    await bench.fake.close();
  });
  return bench;
}
