import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A loaded machine for the tests whose promises must hold under load: threads that spin until
 * stopped, twice as many as there are cores (a load average of at least twice the cores).
 * Returns the stop.
 */
export function burnCpu(threads = 2 * availableParallelism()): () => Promise<void> {
  const workers = Array.from({ length: threads }, () => new Worker('for (;;) {}', { eval: true }));
  return async () => {
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
}
