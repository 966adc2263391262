import { createServer } from 'node:net';

/*
 * Our own servers never take a port from here: each binds the port it is given itself, 0 lets the OS
 * pick one at that moment, and a child process reports what it got (listening.ts). A port probed
 * here and bound later by someone else is a race: anything may take it in between.
 *
 * What is left, and why it uses this:
 * - `freePort()`: a program that is not ours needs a port number in its configuration before it
 *   starts and cannot report the port it got (nginx in the scale-out check, squid and dante in the
 *   bench); or a process of ours must come back on the same port after a kill (the scale-out check
 *   restarts an API process behind nginx and a gateway named in proxy lines), which a port from
 *   `listen(0)` does not survive (below). The race stays; this keeps it small.
 * - `closedPort()`: a test needs a port nothing listens on (a connection refused: an unreachable
 *   webhook, a gateway that is not there). The test binds nothing there, and below the ephemeral range
 *   (see below) no other test's `listen(0)` lands on it either.
 *
 * Why not `listen(0)` for these: the OS answers from the ephemeral range (32768–60999 on Linux), the
 * same range it draws from for every outgoing connection and for every other test's `listen(0)`, so a
 * port let go there is soon someone's again. Ports below the ephemeral range are only ever taken by an
 * explicit bind, so each test process walks its own block there (keyed by vitest's pool id, unique
 * among the workers of one run) and probes each port before handing it out.
 */
const FIRST_PORT = 20_000;
const BLOCK_SIZE = 1_000;
const BLOCKS = 12; // 20000–31999, below the ephemeral range

const processKey = Number(process.env.VITEST_POOL_ID ?? process.pid);
const blockStart = FIRST_PORT + (processKey % BLOCKS) * BLOCK_SIZE;
let nextOffset = Math.floor(Math.random() * BLOCK_SIZE);

/**
 * A TCP port that nothing is bound to now, outside the OS's ephemeral range, for a program that is not
 * ours to bind (see above). Our own servers listen on 0 and report the port instead.
 */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < BLOCK_SIZE; tried++) {
    const port = blockStart + (nextOffset++ % BLOCK_SIZE);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${blockStart}–${blockStart + BLOCK_SIZE - 1}`);
}

/** A port nothing listens on, for a test of a refused connection; nothing is meant to bind it. */
export function closedPort(): Promise<number> {
  return freePort();
}

/** Binds every address (what a server listening on `::` or `0.0.0.0` needs) and lets go. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
