import { createHash } from 'node:crypto';
import type { Exit } from '@resiport/contract';

/**
 * Sticky sessions: every gateway process ranks the matching exits by a hash of `owner:session:epoch`
 * and the exit's id (weighted rendezvous hashing) and takes the best, so all processes agree, and
 * removing one exit moves only the sessions that were on it. The epoch is the server's (decision 016,
 * `session-epochs.ts`): it starts at the session's first use and changes when its sesstime is up, so
 * the hash changes then, and so (usually) does the exit — each session on its own schedule.
 */

/** A uniform number in (0, 1) from the first 52 bits of SHA-256. */
function unitHash(text: string): number {
  const digest = createHash('sha256').update(text).digest();
  const high = digest.readUInt32BE(0) >>> 12; // 20 bits
  const low = digest.readUInt32BE(4); // 32 bits
  return (high * 2 ** 32 + low + 0.5) / 2 ** 52;
}

/** Exits ordered best first for this key; weight w wins a share w / Σw of the keys. */
export function rendezvousOrder(exits: readonly Exit[], key: string): Exit[] {
  const scored = exits.map((exit) => ({
    exit,
    score: -exit.weight / Math.log(unitHash(`${key}|${exit.id}`)),
  }));
  scored.sort((a, b) => b.score - a.score || (a.exit.id < b.exit.id ? -1 : 1));
  return scored.map((s) => s.exit);
}

export function stickyKey(ownerKey: string, sessionId: string, epoch: string): string {
  return `${ownerKey}:${sessionId}:${epoch}`;
}
