import type { Exit, Pool } from '@resiport/contract';
import type { Session, Targeting } from '../auth/username';
import { rendezvousOrder, stickyKey } from './sticky';

/**
 * The exit pool: which exits serve a requested location, and in which order to try them. An exit
 * without a tag serves every value of it (the default `direct` exit serves every location). No
 * matching exit is an answer of its own (`no_exit`), never a silent fallback to another country.
 */

export function exitMatches(exit: Exit, target: Targeting): boolean {
  return (
    (target.country === undefined || exit.country === undefined || exit.country === target.country) &&
    (target.state === undefined || exit.state === undefined || exit.state === target.state) &&
    (target.city === undefined || exit.city === undefined || exit.city === target.city)
  );
}

export interface ChoiceRequest {
  target: Targeting;
  ownerKey: string;
  session?: Session | undefined;
}

export class ExitPool {
  /** Exit id → until when it rests after a failure. */
  private readonly resting = new Map<string, number>();

  constructor(
    readonly pool: Pool,
    private readonly restMs: number,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * The exits to try, best first (empty: no exit serves the location). Resting exits go last, so a
   * failed exit is skipped while others can serve, and still used when it is the only one.
   */
  candidates(request: ChoiceRequest): Exit[] {
    const matching = this.pool.exits.filter((exit) => exitMatches(exit, request.target));
    const now = this.now();
    const ordered = request.session
      ? rendezvousOrder(matching, stickyKey(request.ownerKey, request.session, now))
      : this.weightedShuffle(matching);
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
