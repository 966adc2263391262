import type { TrafficAction } from './traffic-amount';

/** One traffic move as submitted: which sub-account, which way, how many bytes. */
export interface TrafficMove {
  id: number;
  action: TrafficAction;
  bytes: number;
}

/** One submitted move and the `request_id` every request for it carries. */
export interface MoveAttempt {
  move: string;
  key: string;
}

export function moveKeyOf({ id, action, bytes }: TrafficMove): string {
  return `${id}:${action}:${bytes}`;
}

/**
 * The same move again before it has succeeded (a double click, a retry after a network error)
 * keeps its request id, so the server moves the traffic once; a different move is a new attempt.
 * After a success the caller forgets the attempt: moving the same amount again is a new move.
 */
export function moveAttemptFor(
  previous: MoveAttempt | null,
  move: TrafficMove,
  newKey: () => string,
): MoveAttempt {
  const key = moveKeyOf(move);
  return previous?.move === key ? previous : { move: key, key: newKey() };
}
