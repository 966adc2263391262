import { setTimeout as sleep } from 'node:timers/promises';

/** Thrown by a probe when waiting longer cannot help (the process it waits for has exited). */
export class GiveUp extends Error {}

/**
 * Asks `probe` every `everyMs` until it answers something other than `undefined` or `false`, and
 * returns that; throws naming `what` after `timeoutMs`. The run never sleeps in place of a check:
 * everything it waits for is polled like this, with a timeout that only bounds a failure.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const answer = await probe();
      if (answer !== undefined && answer !== false) return answer;
    } catch (error) {
      if (error instanceof GiveUp) throw new Error(`gave up waiting for ${what}: ${error.message}`);
      lastError = error; // a probe may fail while a process is still starting
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await sleep(everyMs);
  }
}
