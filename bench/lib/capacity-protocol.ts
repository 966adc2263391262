/** What bench/capacity.ts and its simulated gateway processes (capacity-gateway.ts) say over IPC. */

export interface SimOwner {
  account_id: number;
  /** null: the main account, used through its whitelisted address `ip`. */
  subaccount_id: number | null;
  username?: string;
  ip?: string;
  /** The owner's steady pace. */
  bytesPerSecond: number;
}

export interface GatewaySimConfig {
  /** `product`: the gateway's whole protocol; `baseline`: the same usage batches, nothing else. */
  mode: 'product' | 'baseline';
  serverUrl: string;
  secret: string;
  instanceId: string;
  owners: SimOwner[];
  flushMs: number;
  /** Every seeded sub-account's proxy password (the credentials answer is checked against it). */
  password: string;
}

export const CALL_KINDS = ['usage', 'lease', 'release', 'credentials', 'whitelist', 'events'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface CallStats {
  count: number;
  errors: number;
  /** Latency of each call that ended in the window (not kept for the feed's long polls). */
  ms: number[];
}

export interface WindowStats {
  seconds: number;
  calls: Record<CallKind, CallStats>;
  /** Flush timer firings (batches due) and batches the server acknowledged. */
  flushesDue: number;
  batchesAcked: number;
  entriesAcked: number;
  /** Owner × meter tick, and how many found the owner stalled: held for credit (a renewal late) or cut. */
  ownerTicks: number;
  heldTicks: number;
  /** Owners whose tunnels were closed: no answer to a lease call in time (or nothing left). */
  cuts: number;
  loopP99Ms: number;
}

export interface SentBatch {
  id: string;
  bytes: number;
  acked: boolean;
}

export interface Totals {
  /** Bytes of every batch the server acknowledged (each batch counted once). */
  ackedBytes: number;
  batchesAcked: number;
  usageErrors: number;
  leaseErrors: number;
  /** Credentials answers that did not match the seeded owner or password (a bug), and calls without an answer. */
  authMismatches: number;
  authFailures: number;
  drained: boolean;
  cuts: number;
  /** Every batch sent, acknowledged or not (a batch the client gave up on may still have been applied). */
  batches: SentBatch[];
}

export type ToChild = { type: 'start'; config: GatewaySimConfig } | { type: 'begin' | 'end' | 'stop' };
export type ToParent =
  | { type: 'ready'; cutOwners: number }
  | { type: 'window'; stats: WindowStats }
  | { type: 'stopped'; totals: Totals }
  | { type: 'failed'; error: string };

export function emptyWindow(): WindowStats {
  const call = (): CallStats => ({ count: 0, errors: 0, ms: [] });
  const calls: Record<CallKind, CallStats> = {
    usage: call(),
    lease: call(),
    release: call(),
    credentials: call(),
    whitelist: call(),
    events: call(),
  };
  return {
    seconds: 0,
    calls,
    flushesDue: 0,
    batchesAcked: 0,
    entriesAcked: 0,
    ownerTicks: 0,
    heldTicks: 0,
    cuts: 0,
    loopP99Ms: 0,
  };
}
