import type { Socket } from 'node:net';
import type { Exit } from '@resiport/contract';
import type { Refusal } from '../refusals';
import { connectDirect } from './connect/direct';
import { isRefusedHost } from './connect/guard';
import { connectHttpUpstream } from './connect/http-upstream';
import { connectSocks5Upstream } from './connect/socks5-upstream';
import { ConnectError, type ConnectOptions, type Connector, type Destination } from './connect/types';
import type { Session } from '../auth/username';
import type { ChoiceRequest, ExitPool } from './pool';
import type { SessionEpochs } from './session-epochs';
import { stickyKey } from './sticky';
import { withUpstreamTargeting } from './upstream-username';

/** One connector per exit type. */
export const connectors: Record<Exit['type'], Connector> = {
  direct: (_exit, destination, options) => connectDirect(destination, options),
  http: connectHttpUpstream,
  socks5: connectSocks5Upstream,
};

export type RouteResult = { ok: true; socket: Socket; exit: Exit } | { ok: false; reason: Refusal };

/** Exits tried per connection: a failed exit is rested and the next candidate gets the connection. */
const MAX_ATTEMPTS = 3;

export class Router {
  constructor(
    private readonly pool: ExitPool,
    private readonly sessions: SessionEpochs,
    private readonly options: ConnectOptions,
    private readonly onExitFailure: (exit: Exit, error: Error) => void = () => undefined,
    private readonly onExitSuccess: (exit: Exit) => void = () => undefined,
  ) {}

  /**
   * The refusals known before any exit is tried, checked before the owner's credit is reserved (a
   * refused connection reserves nothing). For every exit type: an upstream proxy on our own network
   * would otherwise reach our private addresses. (Names an upstream resolves itself can only be
   * checked by that upstream.)
   */
  refusalBefore(request: ChoiceRequest, destination: Destination): Refusal | undefined {
    if (!this.options.allowPrivate && isRefusedHost(destination.host)) return 'destination_refused';
    if (!this.pool.serves(request.target)) return 'no_exit';
    return undefined;
  }

  async open(request: ChoiceRequest, destination: Destination): Promise<RouteResult> {
    const refused = this.refusalBefore(request, destination);
    if (refused) return { ok: false, reason: refused };
    const sticky = request.session ? await this.stickyKeyOf(request, request.session) : undefined;
    for (const exit of this.pool.candidates(request.target, sticky, MAX_ATTEMPTS)) {
      try {
        const socket = await connectors[exit.type](
          withUpstreamTargeting(exit, request),
          destination,
          this.options,
        );
        this.onExitSuccess(exit);
        return { ok: true, socket, exit };
      } catch (error) {
        if (!(error instanceof ConnectError)) return { ok: false, reason: 'exit_failed' };
        if (error.kind !== 'exit_failed') return { ok: false, reason: error.kind };
        this.pool.rest(exit);
        this.onExitFailure(exit, error);
      }
    }
    return { ok: false, reason: 'exit_failed' };
  }

  /** A session's hash key with its current epoch (asked only once the location is known to be served). */
  private async stickyKeyOf(request: ChoiceRequest, session: Session): Promise<string> {
    return stickyKey(request.ownerKey, session.id, await this.sessions.epoch(request.ownerKey, session));
  }
}
