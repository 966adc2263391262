import type { Socket } from 'node:net';
import type { Identity } from '../auth/authenticator';
import { countDeliveredAtClose } from './delivered';
import type { Tunnel } from './tunnel';

/**
 * Where sampled (billed) bytes go: the usage reporter, with the owner's open tunnels right now and
 * the exit the tunnel uses (what each exit carried, decision 030).
 */
export type ByteSink = (
  identity: Identity,
  up: number,
  down: number,
  tunnels: number,
  exitId: string,
) => void;

/**
 * The registry of live tunnels, by owner and by account, and the sampler: each tick reads every
 * tunnel's client-socket counters (two property reads) and hands the deltas to the sink; a closing
 * tunnel gets a last read so no byte is lost between ticks. Sampling is for billing only: credit is
 * spent on the data path, and each sample merely corrects it by billed − spent.
 *
 * The same counters time out idle tunnels: every byte of a tunnel, either way, passes the client
 * socket (read from it, or written to it), so a tunnel whose counters did not move for `idleMs` is
 * idle and is closed at the next tick. Per-socket timers would do the same at the cost of a timer
 * refresh on every read and every write of both sockets (docs/performance.md).
 */
export class Meter {
  private readonly byOwner = new Map<string, Set<Tunnel>>();
  /** Open tunnels plus connections still being set up, per account (the connection limit). */
  private readonly load = new Map<number, number>();
  /** The same, per owner (a sub-account's `max_connections`, which can be set while it is connected). */
  private readonly ownerLoad = new Map<string, number>();
  /** Per client socket: how far its bytes are billed, once a tunnel on it finished without closing it. */
  private readonly billed = new WeakMap<Socket, { read: number; written: number }>();
  /** The tracked tunnel on each client socket (a kept-alive connection carries one at a time). */
  private readonly bySocket = new WeakMap<Socket, Tunnel>();
  /** Shared by every client socket (`this` is the socket): no closure per tunnel. */
  private readonly onClientClose: (this: Socket) => void;

  constructor(
    private readonly sink: ByteSink,
    private readonly idleMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {
    const closed = (socket: Socket) => {
      const tunnel = this.bySocket.get(socket);
      if (tunnel) this.remove(tunnel);
    };
    this.onClientClose = function (this: Socket) {
      closed(this);
    };
  }

  /**
   * Takes a connection slot of the account (at most `accountMax`) and, when the identity has its own
   * limit, one of the owner's; false (nothing taken) when either is full.
   */
  reserve(identity: Identity, accountMax: number): boolean {
    const accountId = identity.owner.account_id;
    const current = this.load.get(accountId) ?? 0;
    if (current >= accountMax) return false;
    const own = this.ownerLoad.get(identity.ownerKey) ?? 0;
    const ownMax = identity.maxConnections;
    if (ownMax !== undefined && own >= ownMax) return false;
    this.ownerLoad.set(identity.ownerKey, own + 1);
    this.load.set(accountId, current + 1);
    return true;
  }

  /** Gives back what `reserve` took for this identity. */
  unreserve(identity: Identity): void {
    decrement(this.load, identity.owner.account_id);
    decrement(this.ownerLoad, identity.ownerKey);
  }

  /**
   * The owner's connection limit changed while it had tunnels open: the newest ones beyond `max`
   * close, the rest go on (a raised or removed limit closes nothing). Returns how many closed.
   */
  limitOwner(ownerKey: string, max: number | undefined): number {
    const set = this.byOwner.get(ownerKey);
    if (!set || max === undefined || set.size <= max) return 0;
    const newestFirst = [...set].sort((a, b) => b.id - a.id);
    const beyond = newestFirst.slice(0, set.size - max);
    for (const tunnel of beyond) this.close(tunnel);
    return beyond.length;
  }

  /** Registers a tunnel whose slot was reserved; it leaves (with a final read) when its client closes. */
  add(tunnel: Tunnel): void {
    const key = tunnel.identity.ownerKey;
    let set = this.byOwner.get(key);
    if (!set) this.byOwner.set(key, (set = new Set()));
    set.add(tunnel);
    tunnel.activeAt = this.now();
    this.bySocket.set(tunnel.client, tunnel);
    tunnel.client.once('close', this.onClientClose);
    countDeliveredAtClose(tunnel.client);
  }

  /**
   * Where a new tunnel on this client socket starts billing: 0 for a fresh connection, or where the
   * previous request's tunnel stopped on a kept-alive one (every byte billed once, to one owner).
   */
  billedUpTo(client: Socket): { read: number; written: number } | undefined {
    return this.billed.get(client);
  }

  /** A request on a kept-alive connection is done: its tunnel leaves (final read), the socket stays. */
  finish(tunnel: Tunnel): void {
    tunnel.client.off('close', this.onClientClose);
    this.remove(tunnel, true);
    this.billed.set(tunnel.client, tunnel.billedUpTo());
  }

  /** `settle`: bill every byte written to the client socket so far (see `Tunnel.takeDelta`). */
  private remove(tunnel: Tunnel, settle = false): void {
    const key = tunnel.identity.ownerKey;
    const set = this.byOwner.get(key);
    if (!set?.delete(tunnel)) return;
    if (set.size === 0) this.byOwner.delete(key);
    if (this.bySocket.get(tunnel.client) === tunnel) this.bySocket.delete(tunnel.client);
    this.unreserve(tunnel.identity);
    this.sample(tunnel, settle);
  }

  /** Bills what the tunnel's client socket moved since the last sample; false when it moved nothing. */
  private sample(tunnel: Tunnel, settle = false): boolean {
    const { up, down, written } = tunnel.takeDelta(settle);
    const spent = tunnel.takeSpent();
    // Idle tunnels (most of them, most of the time) cost a few counter reads and nothing else.
    if (up === 0 && down === 0 && written === 0 && spent === 0) return false;
    tunnel.credit.adjust(spent - up - written);
    // Written but not acknowledged yet (a send queue filling): moving, billed once it arrives.
    const moved = up > 0 || down > 0 || written > 0;
    if (up === 0 && down === 0) return moved;
    const open = this.byOwner.get(tunnel.identity.ownerKey)?.size ?? 0;
    this.sink(tunnel.identity, up, down, Math.max(open, 1), tunnel.exitId);
    return moved;
  }

  /** Runs `action` on every tunnel of the owner (hold, release). */
  forOwner(ownerKey: string, action: (tunnel: Tunnel) => void): void {
    const set = this.byOwner.get(ownerKey);
    if (set) for (const tunnel of set) action(tunnel);
  }

  /** Samples every tunnel, and closes those that moved no byte for the idle timeout. */
  tick(): void {
    const now = this.now();
    for (const set of this.byOwner.values()) {
      for (const tunnel of set) {
        if (this.sample(tunnel)) tunnel.activeAt = now;
        else if (now - tunnel.activeAt >= this.idleMs) this.close(tunnel);
      }
    }
  }

  /** Destroys a tunnel and takes it out at once (its last bytes sampled). */
  private close(tunnel: Tunnel): void {
    tunnel.destroy();
    // Gone now, not when its 'close' arrives: the owner has no tunnels for whatever this change
    // does next in the same turn (a void that would otherwise renew a lease for it).
    this.remove(tunnel);
  }

  /** Destroys the matching tunnels and samples them one last time; returns how many. */
  cut(match: (tunnel: Tunnel) => boolean): number {
    let count = 0;
    for (const set of this.byOwner.values()) {
      for (const tunnel of set) {
        if (!match(tunnel)) continue;
        this.close(tunnel);
        count++;
      }
    }
    return count;
  }

  cutOwner(ownerKey: string): number {
    return this.cut((t) => t.identity.ownerKey === ownerKey);
  }

  hasTunnels(ownerKey: string): boolean {
    return this.byOwner.has(ownerKey);
  }

  owners(): string[] {
    return [...this.byOwner.keys()];
  }

  /** Bytes written to the tunnels' client sockets that were not sent yet (not billed yet): a gauge. */
  unsentBytes(): number {
    let total = 0;
    for (const set of this.byOwner.values()) for (const tunnel of set) total += tunnel.unsent();
    return total;
  }

  get size(): number {
    let total = 0;
    for (const set of this.byOwner.values()) total += set.size;
    return total;
  }
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const current = (counts.get(key) ?? 1) - 1;
  if (current <= 0) counts.delete(key);
  else counts.set(key, current);
}
