import type { Exit, Pool } from '@resiport/contract';
import type { Session, Targeting } from '../auth/username';
import { rendezvousOrder } from './sticky';

/**
 * The exit pool: which exits serve a requested location, and in which order to try them. A requested
 * location is honoured or refused, never silently replaced (design §8): an exit serves a request when
 * every dimension the request names (country, state, city) equals the exit's tag for it. An untagged
 * dimension does not "serve every value" — except on a `forward_targeting` exit, whose upstream gets
 * the targeting and picks (or refuses) the place itself. So the default pool's untagged `direct` exit
 * serves only requests without targeting. No matching exit is an answer of its own (`no_exit`).
 */

const DIMENSIONS = ['country', 'state', 'city'] as const;

export function exitMatches(exit: Exit, target: Targeting): boolean {
  return DIMENSIONS.every((dimension) => {
    const wanted = target[dimension];
    if (wanted === undefined) return true;
    const tag = exit[dimension];
    return tag === undefined ? exit.forward_targeting === true : tag === wanted;
  });
}

/** What decides whether an exit is still "the same one" to connect to. */
function connectionOf(exit: Exit): string {
  return JSON.stringify([exit.type, exit.host, exit.port, exit.username, exit.password]);
}

/** Ids of `next` that connect exactly as they did in `previous`. */
export function sameConnections(previous: readonly Exit[], next: readonly Exit[]): Set<string> {
  const before = new Map(previous.map((exit) => [exit.id, connectionOf(exit)]));
  return new Set(next.filter((exit) => before.get(exit.id) === connectionOf(exit)).map((exit) => exit.id));
}

/** What a connection asks of the pool: where to exit, for whom, and the session if sticky. */
export interface ChoiceRequest {
  target: Targeting;
  ownerKey: string;
  session?: Session | undefined;
}

export class ExitPool {
  /** Exit id → until when it rests after a failure. */
  private readonly resting = new Map<string, number>();
  private current: Pool;

  constructor(
    pool: Pool,
    private readonly restMs: number,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {
    this.current = pool;
  }

  get pool(): Pool {
    return this.current;
  }

  /**
   * A new pool from the server (decision 030). Exits are known by id: one that stays keeps its rest
   * (unless the operator changed where it connects: that may be the fix), and sticky sessions keep
   * their exit (the ranking hashes ids, so exits added or removed elsewhere do not move them); a
   * removed exit is simply no longer a candidate.
   */
  replace(pool: Pool): void {
    const kept = sameConnections(this.current.exits, pool.exits);
    this.current = pool;
    for (const id of this.resting.keys()) if (!kept.has(id)) this.resting.delete(id);
  }

  /** How much longer the exit rests (0: it does not). */
  restingMs(id: string): number {
    return Math.max(0, (this.resting.get(id) ?? 0) - this.now());
  }

  /** Whether any exit serves the location (else the request is refused `no_exit`). */
  serves(target: Targeting): boolean {
    return this.current.exits.some((exit) => exitMatches(exit, target));
  }

  /**
   * The exits to try, best first (empty: no exit serves the location): ranked by `stickyKey` for a
   * session (`sticky.ts`), weighted random otherwise. Resting exits go last, so a failed exit is
   * skipped while others can serve, and still used when it is the only one.
   */
  candidates(target: Targeting, stickyKey?: string): Exit[] {
    const matching = this.current.exits.filter((exit) => exitMatches(exit, target));
    const now = this.now();
    const ordered =
      stickyKey === undefined ? this.weightedShuffle(matching) : rendezvousOrder(matching, stickyKey);
    const isResting = (exit: Exit) => (this.resting.get(exit.id) ?? 0) > now;
    return [...ordered.filter((e) => !isResting(e)), ...ordered.filter(isResting)];
  }

  /** The exit failed (not the destination): rest it so rotating traffic avoids it for a while. */
  rest(exit: Exit): void {
    this.resting.set(exit.id, this.now() + this.restMs);
  }

  /** Rotating: a weighted random order, drawn afresh for every connection. */
  private weightedShuffle(exits: Exit[]): Exit[] {
    const left = [...exits];
    const order: Exit[] = [];
    while (left.length > 0) {
      const total = left.reduce((sum, e) => sum + e.weight, 0);
      let pick = this.random() * total;
      let index = left.findIndex((e) => (pick -= e.weight) < 0);
      if (index < 0) index = left.length - 1;
      order.push(...left.splice(index, 1));
    }
    return order;
  }
}
