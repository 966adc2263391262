import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Exit } from '@resiport/contract';
import type { Authenticator, AuthResult, Credential, Identity } from '../auth/authenticator';
import type { Leases } from '../meter/leases';
import type { Meter } from '../meter/meter';
import { Tunnel } from '../meter/tunnel';
import { Metrics } from '../metrics';
import type { Refusal } from '../refusals';
import type { Destination } from '../route/connect/types';
import type { Router } from '../route/router';
import type { UsageReporter } from '../usage/reporter';
import { Exchange } from './exchange';
import { Relay } from './relay';

export interface Connected {
  ok: true;
  identity: Identity;
  upstream: Socket;
  exit: Exit;
}

/**
 * What both listeners do once they have parsed their protocol: authenticate, check credit and the
 * connection limit, pick an exit and connect, then register the tunnel with the meter and relay.
 * The listeners only translate between their wire format and these steps.
 */
export class TunnelService {
  constructor(
    private readonly deps: {
      authenticator: Authenticator;
      leases: Leases;
      meter: Meter;
      router: Router;
      reporter: UsageReporter;
      metrics: Metrics;
      maxConnectionsPerAccount: number;
    },
  ) {}

  authenticate(sourceIp: string, credential: Credential | undefined): Promise<AuthResult> {
    return this.deps.authenticator.authenticate(sourceIp, credential);
  }

  whitelistAccount(sourceIp: string): Promise<number | null> {
    return this.deps.authenticator.whitelistAccount(sourceIp);
  }

  /** Everything up to a connected upstream socket, or the reason there is none. */
  async connect(
    identity: Identity,
    destination: Destination,
  ): Promise<Connected | { ok: false; reason: Refusal }> {
    const { leases, meter, router } = this.deps;
    const request = { target: identity.target, ownerKey: identity.ownerKey, session: identity.session };
    const refused = router.refusalBefore(request, destination);
    if (refused) return this.refuse(refused);
    const waiting = leases.acquire(identity.owner, identity.ownerKey);
    const noCredit = waiting && (await waiting);
    if (noCredit) return this.refuse(noCredit);
    if (!meter.reserve(identity, this.deps.maxConnectionsPerAccount)) {
      return this.refuse('too_many_connections');
    }
    const routed = await router.open(request, destination);
    if (!routed.ok) {
      meter.unreserve(identity);
      return this.refuse(routed.reason);
    }
    return { ok: true, identity, upstream: routed.socket, exit: routed.exit };
  }

  refuse(reason: Refusal): { ok: false; reason: Refusal } {
    Metrics.bump(this.deps.metrics.refusals, reason);
    return { ok: false, reason };
  }

  /**
   * Registers the tunnel with the meter (from now on its client-socket bytes are billed, including
   * the handshake already on the socket). Returns undefined when the client left meanwhile.
   */
  track(connected: Connected, client: Socket): Tunnel | undefined {
    const { identity, upstream, exit } = connected;
    if (client.destroyed) {
      upstream.destroy();
      this.deps.meter.unreserve(identity);
      return undefined;
    }
    const credit = this.deps.leases.of(identity.owner, identity.ownerKey);
    const billed = this.deps.meter.billedUpTo(client);
    const tunnel = new Tunnel(identity, client, upstream, exit.id, credit, billed);
    this.deps.meter.add(tunnel);
    // The owner ran dry while this tunnel's exit was connecting: its tunnels are held, and the hold
    // reached only those registered then. This one starts held too, or it would read at loopback speed
    // until the renewal answers (up to 210 MB past zero under load, before this line).
    if (credit.held) tunnel.hold();
    // The handshake already on the socket is billed too: spend it now, not at the next sample. Bytes
    // read but still waiting in the socket's buffer are not: the data path spends them as it takes
    // them (spent twice, they held an upload early and cut its owner with up to 130 kB left).
    const handshake = client.bytesRead - client.readableLength + client.bytesWritten;
    tunnel.spend(Math.max(0, handshake - (billed ? billed.read + billed.written : 0)));
    this.deps.reporter.countConnection(identity);
    this.deps.metrics.tunnelsOpened++;
    return tunnel;
  }

  /** Tracks, sends the protocol's success reply and relays until both sides are done. */
  async relay(connected: Connected, client: Socket, reply: Buffer | string, head?: Buffer): Promise<void> {
    const tunnel = this.track(connected, client);
    if (!tunnel) return;
    client.write(reply);
    tunnel.spend(reply.length);
    // Read before the tunnel was tracked: spent with the handshake.
    if (head && head.length > 0) connected.upstream.write(head);
    const relay = new Relay(client, connected.upstream, tunnel);
    tunnel.attach(relay);
    await relay.run();
  }

  /**
   * A plain-HTTP exchange: node:http parses, the exchange moves the bodies, spends what the raw sockets
   * read and holds them when the credit is gone. No traffic either way for the idle timeout: the
   * meter closes the tunnel (a forgotten connection costs a slot).
   */
  exchange(tunnel: Tunnel, req: IncomingMessage, res: ServerResponse): Exchange {
    const exchange = new Exchange(tunnel.client, tunnel.upstream, tunnel, req, res);
    tunnel.attach(exchange);
    return exchange;
  }

  /**
   * The exchange on a kept-alive connection is over: billing of this request ends (the next request,
   * perhaps another owner's, gets its own tunnel from here) and the client socket waits for it.
   */
  finishExchange(tunnel: Tunnel, exchange: Exchange): void {
    exchange.stop();
    if (tunnel.held) tunnel.release();
    this.deps.meter.finish(tunnel);
  }
}
