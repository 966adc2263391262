import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  INTERNAL_SECRET_HEADER,
  type ExitHealthReport,
  type ExitUsage,
  type Pool,
  type TrafficOwner,
  type UsageEntry,
} from '@resiport/contract';
import { proxyPasswordVerifier, proxyVerifierKey } from '@resiport/contract/proxy-verifier';
import { answerInternalCall } from './fake-server-calls';

/**
 * A stand-in for the API server's internal gateway calls (apps/server/src/modules/gateway-link),
 * faithful to the contract: envelopes, the secret header, request validation, password verifiers,
 * leases that take traffic out of a balance, usage applied once per batch id (beyond-lease bytes
 * debited from what is left, never below zero), release returning the unused part, the change
 * feed, sticky session epochs (from first use, `minutes` long, on the movable `now`), and an exit
 * pool with health reports when a test sets one (`setPool`). The real server has its own tests; this one
 * lets the gateway's be fast and exact. This file holds the state, the HTTP plumbing (secret header,
 * injected failures and lost answers) and what tests set up; the calls are in fake-server-calls.ts.
 */

interface User {
  username: string;
  password: string;
  owner: TrafficOwner;
  active: boolean;
  deleted: boolean;
}

interface Lease {
  id: number;
  granted: number;
  used: number;
}

export interface FakeEvent {
  id: number;
  kind: 'subaccount' | 'whitelist' | 'account' | 'lease' | 'exits';
  account_id: number | null;
  subaccount_id: number | null;
  username: string | null;
  ip: string | null;
  lease_id: number | null;
}

export const ownerKey = (o: TrafficOwner) => `${o.account_id}:${o.subaccount_id ?? 'main'}`;

export class FakeServer {
  url = '';
  readonly users = new Map<string, User>();
  readonly whitelist = new Map<string, number>();
  readonly left = new Map<string, number>();
  readonly leases = new Map<string, Lease>();
  readonly batches = new Map<string, { instance_id: string; entries: UsageEntry[]; exits: ExitUsage[] }>();
  /** The exit pool it serves (undefined: it keeps none, and the exits call is a 404). */
  pool: Pool | undefined;
  /** The last health report of each gateway process. */
  readonly exitHealth = new Map<string, ExitHealthReport[]>();
  readonly events: FakeEvent[] = [];
  readonly calls: Record<string, number> = {};
  duplicateBatches = 0;
  releases = 0;
  /** Bytes reported beyond what the owner had (delivered past zero), per owner key. */
  readonly overrun = new Map<string, number>();
  private nextLeaseId = 1;
  /** Sticky sessions: `owner|session id` → the running epoch and when it ends (on `now`). */
  readonly sessions = new Map<string, { epoch: number; endsAt: number }>();
  private nextEpoch = 1;
  /** The fake's clock (sessions only); tests move it. */
  now: () => number = Date.now;
  /** Paths that answer HTTP 500 for the next n calls. */
  readonly failures = new Map<string, number>();
  /** Paths whose next n calls are carried out but the answer is lost (the connection drops). */
  readonly lostAnswers = new Map<string, number>();
  private readonly key: Buffer;
  private nextSub = 100;
  private readonly server = createServer((req, res) => void this.handle(req, res));

  constructor(private readonly secret: string) {
    this.key = proxyVerifierKey(secret);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A sub-account of `accountId` with `traffic` bytes. */
  addUser(username: string, password: string, traffic: number, accountId = 1): TrafficOwner {
    const owner = { account_id: accountId, subaccount_id: this.nextSub++ };
    this.users.set(username.toLowerCase(), {
      username: username.toLowerCase(),
      password,
      owner,
      active: true,
      deleted: false,
    });
    this.left.set(ownerKey(owner), traffic);
    return owner;
  }

  /** Whitelists an address for the main account, which gets `traffic` bytes. */
  addWhitelist(ip: string, accountId: number, traffic: number): TrafficOwner {
    this.whitelist.set(ip, accountId);
    const owner = { account_id: accountId, subaccount_id: null };
    this.left.set(ownerKey(owner), traffic);
    return owner;
  }

  removeWhitelist(ip: string): void {
    const account = this.whitelist.get(ip);
    if (account === undefined) return;
    this.whitelist.delete(ip);
    this.event({
      kind: 'whitelist',
      account_id: account,
      subaccount_id: null,
      username: null,
      ip,
      lease_id: null,
    });
  }

  deleteUser(username: string): void {
    const user = this.users.get(username);
    if (!user) return;
    user.deleted = true;
    this.event({ kind: 'subaccount', ...user.owner, username, ip: null, lease_id: null });
  }

  setActive(username: string, active: boolean): void {
    const user = this.users.get(username);
    if (!user) return;
    user.active = active;
    this.event({ kind: 'subaccount', ...user.owner, username, ip: null, lease_id: null });
  }

  /** More traffic for an owner (an allocation, a purchase). */
  addTraffic(owner: TrafficOwner, bytes: number): void {
    this.left.set(ownerKey(owner), (this.left.get(ownerKey(owner)) ?? 0) + bytes);
  }

  /**
   * Takes back every open lease of the owner at once (the unused part returns to what is left) and
   * tells gateways through the feed, as the server does on a recycle. Returns the bytes returned.
   */
  voidLeases(owner: TrafficOwner): number {
    let returned = 0;
    let newest = 0;
    for (const [key, lease] of this.leases) {
      if (!key.endsWith(`|${ownerKey(owner)}`)) continue;
      returned += lease.granted - lease.used;
      newest = Math.max(newest, lease.id);
      this.leases.delete(key);
    }
    this.addTraffic(owner, returned);
    if (newest > 0) {
      this.event({ kind: 'lease', ...owner, username: null, ip: null, lease_id: newest });
    }
    return returned;
  }

  /** A console change: the new pool, and an `exits` event for the feed. */
  setPool(pool: Pool): void {
    this.pool = pool;
    this.event({
      kind: 'exits',
      account_id: null,
      subaccount_id: null,
      username: null,
      ip: null,
      lease_id: null,
    });
  }

  /** Bytes the applied batches say each exit carried. */
  exitBytes(): Map<string, number> {
    const carried = new Map<string, number>();
    for (const batch of this.batches.values()) {
      for (const e of batch.exits) carried.set(e.exit_id, (carried.get(e.exit_id) ?? 0) + e.bytes);
    }
    return carried;
  }

  newLeaseId(): number {
    return this.nextLeaseId++;
  }

  newEpoch(): number {
    return this.nextEpoch++;
  }

  /** What the real server stores for a password: the gateway verifies against it. */
  verifier(password: string): string {
    return proxyPasswordVerifier(this.key, password);
  }

  private event(event: Omit<FakeEvent, 'id'>): void {
    this.events.push({ id: this.events.length + 1, ...event });
  }

  /** What the applied batches say this owner used. */
  usage(owner: TrafficOwner): { up: number; down: number; connections: number } {
    const total = { up: 0, down: 0, connections: 0 };
    for (const batch of this.batches.values()) {
      for (const e of batch.entries) {
        if (e.account_id !== owner.account_id || e.subaccount_id !== owner.subaccount_id) continue;
        total.up += e.bytes_up;
        total.down += e.bytes_down;
        total.connections += e.connections;
      }
    }
    return total;
  }

  /** Whether the owner may take traffic now (a deleted or disabled sub-account may not). */
  spendable(owner: TrafficOwner): boolean {
    if (owner.subaccount_id === null) return true;
    const user = [...this.users.values()].find((u) => u.owner.subaccount_id === owner.subaccount_id);
    return user !== undefined && user.active && !user.deleted;
  }

  private answer(res: ServerResponse, status: number, code: number, data: unknown): void {
    const path = new URL(res.req.url ?? '/', 'http://x').pathname.replace(/^\/api/, '');
    const lose = this.lostAnswers.get(path) ?? 0;
    if (lose > 0 && status === 200) {
      this.lostAnswers.set(path, lose - 1);
      res.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, msg: code === 0 ? 'ok' : 'error', data }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api/, '');
    this.calls[path] = (this.calls[path] ?? 0) + 1;
    if (req.headers[INTERNAL_SECRET_HEADER] !== this.secret) return this.answer(res, 403, 10010, null);
    const failing = this.failures.get(path) ?? 0;
    if (failing > 0) {
      this.failures.set(path, failing - 1);
      return this.answer(res, 500, 10000, null);
    }
    let body: unknown;
    try {
      body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    } catch {
      return this.answer(res, 400, 10001, null);
    }
    const answer = answerInternalCall(this, {
      path,
      method: req.method ?? 'GET',
      body,
      query: url.searchParams,
    });
    this.answer(res, answer.status, answer.code, answer.data);
  }
}

export const TEST_SECRET = 'test-internal-secret-0123456789abcdef';

export function startFakeServer(secret = TEST_SECRET): Promise<FakeServer> {
  return new FakeServer(secret).start();
}
