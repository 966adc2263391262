import { setTimeout as sleep } from 'node:timers/promises';
import { download, type Download, type Progress, type ProxyProtocol } from './proxy-client';

/** One gateway address (its ports) and the process serving it now; a killed one leaves it down. */
export interface GatewaySlot {
  name: string;
  httpPort: number;
  socksPort: number;
  /** The instance id of the process serving these ports, or undefined while none is. */
  instanceId: string | undefined;
}

/** What the clients saw through one gateway process (an instance id). */
export interface Tally {
  instanceId: string;
  /** Downloads started (attempts), and those the gateway let through (tunnelled). */
  attempts: number;
  tunnelled: number;
  complete: Record<ProxyProtocol, number>;
  /** Tunnelled downloads cut short: reset, closed early. */
  cut: number;
  /** Client socket counters of tunnelled downloads (both ways): what the gateway bills. */
  movedBytes: number;
  /** Body bytes the clients received through it (complete or cut). */
  bodyBytes: number;
  /** Downloads in flight right now, with their progress. */
  active: Set<Progress>;
  failures: string[];
}

const MIB = 1_048_576;
/** Body sizes the downloads cycle through: 1–4 MiB (one odd, so an off-by-one shows in the totals). */
const SIZES = [MIB, 2.5 * MIB, 4 * MIB, 1.5 * MIB, 3 * MIB, 2 * MIB + 1];
const PROTOCOLS: ProxyProtocol[] = ['http', 'socks5'];

/**
 * Customers downloading without pause: one HTTP-CONNECT and one SOCKS5 client per gateway slot,
 * each fetching one body after another with the sub-account's credentials. Every download is
 * counted against the gateway process that served it; while a slot is down its clients wait for it
 * to come back (as a customer's tool retries), so the survivors carry the traffic meanwhile.
 */
export class TrafficLoad {
  readonly tallies = new Map<string, Tally>();
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly slots: GatewaySlot[],
    private readonly credentials: { user: string; pass: string },
    private readonly targetPort: number,
  ) {}

  start(): void {
    this.running = true;
    this.workers = this.slots.flatMap((slot) =>
      PROTOCOLS.map((protocol, index) => this.work(slot, protocol, index * 3)),
    );
  }

  /** Lets every client finish its current download, then stops them. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  tally(instanceId: string): Tally {
    let tally = this.tallies.get(instanceId);
    if (!tally) {
      tally = {
        instanceId,
        attempts: 0,
        tunnelled: 0,
        complete: { http: 0, socks5: 0 },
        cut: 0,
        movedBytes: 0,
        bodyBytes: 0,
        active: new Set(),
        failures: [],
      };
      this.tallies.set(instanceId, tally);
    }
    return tally;
  }

  /**
   * Every client of the process is in the first half of a body, some of it received: with the target
   * pacing bodies, the rest (≥ 32 ms of it) does not exist yet, so a kill now cuts every one of them.
   */
  allInFirstHalfOfBody(instanceId: string, clients: number): boolean {
    const { active } = this.tally(instanceId);
    return active.size === clients && [...active].every((p) => p.bodyBytes > 0 && p.bodyBytes < p.size / 2);
  }

  /** Complete downloads through a process, per protocol, at least `n` each. */
  completedAtLeast(instanceId: string, n: number): boolean {
    const { complete } = this.tally(instanceId);
    return complete.http >= n && complete.socks5 >= n;
  }

  private async work(slot: GatewaySlot, protocol: ProxyProtocol, firstSize: number): Promise<void> {
    for (let round = firstSize; this.running; round++) {
      const instanceId = slot.instanceId;
      if (instanceId === undefined) {
        await sleep(50); // the slot's process is down: wait for the restart, like a retrying client
        continue;
      }
      const tally = this.tally(instanceId);
      const progress: Progress = { size: SIZES[round % SIZES.length] ?? MIB, bodyBytes: 0 };
      tally.attempts++;
      tally.active.add(progress);
      const result = await download(
        {
          protocol,
          proxyPort: protocol === 'http' ? slot.httpPort : slot.socksPort,
          ...this.credentials,
          targetPort: this.targetPort,
          size: progress.size,
        },
        progress,
      );
      tally.active.delete(progress);
      record(tally, result);
    }
  }
}

function record(tally: Tally, result: Download): void {
  if (result.tunnelled) {
    tally.tunnelled++;
    tally.movedBytes += result.movedBytes;
    tally.bodyBytes += result.bodyBytes;
  }
  if (result.complete) tally.complete[result.protocol]++;
  else {
    if (result.tunnelled) tally.cut++;
    tally.failures.push(`${result.protocol}: ${result.failure ?? 'incomplete'}`);
  }
}
