import type { Exit, Pool } from '@resiport/contract';
import type { Session, Targeting } from '../auth/username';
import { rendezvousOrder } from './sticky';

/**
 * The exit pool: which exits serve a requested location, and in which order to try them. A requested
 * location is honoured or refused, never silently replaced (docs/architecture.md#gateway-principles): an exit serves a request when
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

/** Remembered choices per pool: at most this many locations and this many session rankings. */
const MAX_REMEMBERED = 10_000;

const locationKey = (target: Targeting) =>
  `${target.country ?? ''}|${target.state ?? ''}|${target.city ?? ''}`;

export class ExitPool {
  /** Exit id → until when it rests after a failure. */
  private readonly resting = new Map<string, number>();
  private current: Pool;
  /**
   * The connection set-up's fast path for repeat users (docs/performance.md): the exits serving a
   * location, and a session's ranking (a SHA-256 per exit), are worked out once per pool and reused
   * by every later connection asking the same; a new pool starts them afresh.
   */
  private readonly matchingByLocation = new Map<string, readonly Exit[]>();
  private readonly rankingBySession = new Map<string, readonly Exit[]>();

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
    this.matchingByLocation.clear();
    this.rankingBySession.clear();
    for (const id of this.resting.keys()) if (!kept.has(id)) this.resting.delete(id);
  }

  /** How much longer the exit rests (0: it does not). */
  restingMs(id: string): number {
    return Math.max(0, (this.resting.get(id) ?? 0) - this.now());
  }

  /** Whether any exit serves the location (else the request is refused `no_exit`). */
  serves(target: Targeting): boolean {
    return this.matching(target).length > 0;
  }

  /**
   * The first `count` exits to try, best first (empty: no exit serves the location): ranked by
   * `stickyKey` for a session (`sticky.ts`), weighted random otherwise. Resting exits go last, so a
   * failed exit is skipped while others can serve, and still used when it is the only one.
   */
  candidates(target: Targeting, stickyKey?: string, count = Infinity): Exit[] {
    const matching = this.matching(target);
    const ranked = stickyKey === undefined ? undefined : this.ranking(target, stickyKey, matching);
    const order = (exits: readonly Exit[], n: number) =>
      ranked === undefined ? this.weightedSample(exits, n) : exits.slice(0, n);
    if (this.resting.size === 0) return order(ranked ?? matching, count);
    const now = this.now();
    const isResting = (exit: Exit) => (this.resting.get(exit.id) ?? 0) > now;
    const awake = order(
      (ranked ?? matching).filter((e) => !isResting(e)),
      count,
    );
    if (awake.length >= count) return awake;
    return [...awake, ...order((ranked ?? matching).filter(isResting), count - awake.length)];
  }

  /** The exit failed (not the destination): rest it so rotating traffic avoids it for a while. */
  rest(exit: Exit): void {
    this.resting.set(exit.id, this.now() + this.restMs);
  }

  private matching(target: Targeting): readonly Exit[] {
    const key = locationKey(target);
    let exits = this.matchingByLocation.get(key);
    if (!exits) {
      exits = this.current.exits.filter((exit) => exitMatches(exit, target));
      remember(this.matchingByLocation, key, exits);
    }
    return exits;
  }

  private ranking(target: Targeting, stickyKey: string, matching: readonly Exit[]): readonly Exit[] {
    // By location too: one session id may be used with several countries, each its own ranking.
    const key = `${locationKey(target)}#${stickyKey}`;
    let ranked = this.rankingBySession.get(key);
    if (!ranked) {
      ranked = rendezvousOrder(matching, stickyKey);
      remember(this.rankingBySession, key, ranked);
    }
    return ranked;
  }

  /**
   * Rotating: `n` exits drawn in turn without replacement, each with a chance proportional to its
   * weight, afresh for every connection (only the few a connection may try are drawn).
   */
  private weightedSample(exits: readonly Exit[], n: number): Exit[] {
    if (exits.length <= 1) return exits.slice(0, n);
    const left = [...exits];
    const order: Exit[] = [];
    while (left.length > 0 && order.length < n) {
      const total = left.reduce((sum, e) => sum + e.weight, 0);
      let pick = this.random() * total;
      let index = left.findIndex((e) => (pick -= e.weight) < 0);
      if (index < 0) index = left.length - 1;
      order.push(...left.splice(index, 1));
    }
    return order;
  }
}

/** Stores a derived answer; a map that reached its bound starts over (the answers are cheap to redo). */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(key, value);
}
