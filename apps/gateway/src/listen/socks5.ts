import { createServer, type Server, type Socket } from 'node:net';
import type { AuthResult, Credential, Identity } from '../auth/authenticator';
import { refusals } from '../refusals';
import type { TunnelService } from '../tunnel/service';
import type { Destination } from '../route/connect/types';
import { ignoreError } from '../ignore-error';
import { endWith, isValidHost, sourceIpOf } from './common';
import { AUTH_VERSION, parseGreeting, parseRequest, parseUserPass, VERSION } from './socks5-wire';
import type { UnauthenticatedConnections } from './unauthenticated';

/**
 * The SOCKS5 listener (RFC 1928, CONNECT only) with username/password (RFC 1929). Method 0x00
 * (no authentication) is chosen only for a whitelisted source address; a client offering 0x02 is
 * always asked for credentials, so a whitelisted client can still send targeting (`whitelist-…`).
 * A client that breaks the protocol (wrong version, truncated or garbage input, too slow) is
 * disconnected without a reply; one that asks for something we do not do gets the RFC's code.
 * A SOCKS4/4a client gets SOCKS4's "request rejected" (we speak only 5), so it fails with a reason.
 *
 * The handshake is parsed from the bytes as they arrive, with no promise per field (a short tunnel's
 * cost is mostly set-up: decision 034); only authentication and the upstream connect are awaited.
 */

/** SOCKS4 reply: VN 0, CD 91 "request rejected or failed", DSTPORT and DSTIP zero. */
const SOCKS4_REJECTED = Buffer.from([0x00, 0x5b, 0, 0, 0, 0, 0, 0]);
const NO_AUTH = 0x00;
const USER_PASS = 0x02;
const NO_METHOD = 0xff;
const CONNECT = 0x01;
/** Bytes held while authentication runs before the socket is paused (a handshake is < 600). */
const MAX_HELD_BYTES = 4096;
export const REP = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  hostUnreachable: 0x04,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

/** A reply with BND.ADDR 0.0.0.0:0: our side's address is nobody's business. */
const reply = (rep: number) => Buffer.from([VERSION, rep, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
/** The replies, encoded once (the bytes are never changed after). */
const CHOSE_USER_PASS = Buffer.from([VERSION, USER_PASS]);
const CHOSE_NO_AUTH = Buffer.from([VERSION, NO_AUTH]);
const NO_ACCEPTABLE_METHOD = Buffer.from([VERSION, NO_METHOD]);
const AUTH_SUCCEEDED = Buffer.from([AUTH_VERSION, 0x00]);
const AUTH_FAILED = Buffer.from([AUTH_VERSION, 0x01]);
const SUCCEEDED = reply(REP.succeeded);

export interface SocksOptions {
  handshakeTimeoutMs: number;
  unauthenticated: UnauthenticatedConnections;
}

export function createSocksServer(service: TunnelService, options: SocksOptions): Server {
  return createServer({ allowHalfOpen: true }, (socket) => {
    socket.on('error', ignoreError);
    if (!options.unauthenticated.admit(socket)) {
      service.refuse('throttled');
      return void socket.destroy();
    }
    new Handshake(service, socket, options).start();
  });
}

/** One client's handshake, from accept to its tunnel (or its refusal). */
class Handshake {
  private step: 'greeting' | 'auth' | 'request' = 'greeting';
  /** Received and not yet parsed. */
  private received: Buffer | undefined;
  /** Authentication is running: what arrives meanwhile is held, not parsed. */
  private authenticating = false;
  private auth: AuthResult | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly service: TunnelService,
    private readonly socket: Socket,
    private readonly options: SocksOptions,
  ) {}

  start(): void {
    // Slow-loris: the client's whole handshake must arrive in time.
    this.timer = setTimeout(this.abort, this.options.handshakeTimeoutMs);
    this.socket.on('data', this.onData);
    this.socket.on('end', this.abort);
    this.socket.on('close', this.abort);
  }

  private readonly onData = (chunk: Buffer): void => {
    this.received = this.received ? Buffer.concat([this.received, chunk]) : chunk;
    if (!this.authenticating) this.advance();
    else if (this.received.length >= MAX_HELD_BYTES) this.socket.pause();
  };

  /** Too slow, or the client ended or broke the connection before its request was whole. */
  private readonly abort = (): void => {
    this.stopReading();
    this.socket.destroy();
  };

  /** Parses what has arrived, as far as it goes. */
  private advance(): void {
    const bytes = this.received;
    if (!bytes) return;
    if (this.step === 'greeting') {
      const greeting = parseGreeting(bytes);
      if (greeting === 'incomplete') return;
      if (greeting === 'socks4') return this.endWith(SOCKS4_REJECTED);
      if (greeting === 'bad') return this.abort();
      this.consume(greeting.size);
      if (greeting.methods.includes(USER_PASS)) {
        this.socket.write(CHOSE_USER_PASS);
        this.step = 'auth';
        return this.advance();
      }
      if (greeting.methods.includes(NO_AUTH)) return this.authenticate(undefined);
      return this.endWith(NO_ACCEPTABLE_METHOD);
    }
    if (this.step === 'auth') {
      const login = parseUserPass(bytes);
      if (login === 'incomplete') return;
      if (login === 'bad') return this.abort();
      this.consume(login.size);
      return this.authenticate({ username: login.username, password: login.password });
    }
    const request = parseRequest(bytes);
    if (request === 'incomplete') return;
    if (request === 'bad') return this.abort();
    this.stopReading();
    const early = bytes.subarray(request.size);
    if (request.host === undefined) return endWith(this.socket, reply(REP.addressTypeNotSupported));
    if (request.command !== CONNECT) return endWith(this.socket, reply(REP.commandNotSupported));
    this.connect(this.auth, { host: request.host, port: request.port }, early);
  }

  private consume(size: number): void {
    const rest = this.received?.subarray(size);
    this.received = rest && rest.length > 0 ? rest : undefined;
  }

  private authenticate(credential: Credential | undefined): void {
    this.authenticating = true;
    this.service
      .authenticate(sourceIpOf(this.socket), credential)
      .then((result) => this.authenticated(result, credential !== undefined), this.abort);
  }

  private authenticated(result: AuthResult, withPassword: boolean): void {
    this.authenticating = false;
    if (this.socket.destroyed) return;
    if (withPassword) {
      // A disabled or expired owner (the right password) passes authentication and is refused its
      // CONNECT with "not allowed".
      if (!result.ok && result.reason !== 'disabled' && result.reason !== 'expired') {
        this.service.refuse(result.reason);
        return this.endWith(AUTH_FAILED);
      }
      this.socket.write(AUTH_SUCCEEDED);
    } else {
      if (!result.ok) {
        this.service.refuse(result.reason);
        return this.endWith(NO_ACCEPTABLE_METHOD);
      }
      this.socket.write(CHOSE_NO_AUTH);
    }
    if (result.ok) this.options.unauthenticated.authenticated(this.socket);
    this.auth = result;
    this.step = 'request';
    // A socket paused meanwhile (MAX_HELD_BYTES) holds a whole request by then: whoever takes the
    // socket next resumes it (the relay, or endWith).
    this.advance();
  }

  private connect(auth: AuthResult | undefined, destination: Destination, early: Buffer): void {
    const { service, socket } = this;
    if (!auth) return void socket.destroy(); // unreachable: the request step follows authentication
    if (!auth.ok) {
      service.refuse(auth.reason);
      return endWith(socket, reply(refusals[auth.reason].socks));
    }
    if (destination.port === 0 || !isValidHost(destination.host)) {
      service.refuse('bad_request');
      return endWith(socket, reply(REP.generalFailure));
    }
    tunnel(service, auth.identity, socket, destination, early).catch(() => socket.destroy());
  }

  /** The handshake is over (a request, a refusal or an abort): the socket is someone else's now. */
  private stopReading(): void {
    clearTimeout(this.timer);
    const { socket } = this;
    socket.off('data', this.onData);
    socket.off('end', this.abort);
    socket.off('close', this.abort);
    socket.pause();
  }

  private endWith(bytes: Buffer): void {
    this.stopReading();
    endWith(this.socket, bytes);
  }
}

async function tunnel(
  service: TunnelService,
  identity: Identity,
  socket: Socket,
  destination: Destination,
  early: Buffer,
): Promise<void> {
  const connected = await service.connect(identity, destination);
  if (!connected.ok) return endWith(socket, reply(refusals[connected.reason].socks));
  await service.relay(connected, socket, SUCCEEDED, early);
}
