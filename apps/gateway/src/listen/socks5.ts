import { createServer, type Server, type Socket } from 'node:net';
import { canonicalIp } from '@resiport/contract';
import type { AuthResult } from '../auth/authenticator';
import { refusals } from '../refusals';
import type { TunnelService } from '../tunnel/service';
import { SocketReader } from '../tunnel/reader';
import { ignoreError } from '../ignore-error';
import { endWith, isValidHost, sourceIpOf } from './common';
import type { UnauthenticatedConnections } from './unauthenticated';

/**
 * The SOCKS5 listener (RFC 1928, CONNECT only) with username/password (RFC 1929). Method 0x00
 * (no authentication) is chosen only for a whitelisted source address; a client offering 0x02 is
 * always asked for credentials, so a whitelisted client can still send targeting (`whitelist-…`).
 * A client that breaks the protocol (wrong version, truncated or garbage input, too slow) is
 * disconnected without a reply; one that asks for something we do not do gets the RFC's code.
 * A SOCKS4/4a client gets SOCKS4's "request rejected" (we speak only 5), so it fails with a reason.
 */

const VERSION = 0x05;
const SOCKS4_VERSION = 0x04;
/** SOCKS4 reply: VN 0, CD 91 "request rejected or failed", DSTPORT and DSTIP zero. */
const SOCKS4_REJECTED = Buffer.from([0x00, 0x5b, 0, 0, 0, 0, 0, 0]);
const AUTH_VERSION = 0x01;
const NO_AUTH = 0x00;
const USER_PASS = 0x02;
const NO_METHOD = 0xff;
const CONNECT = 0x01;
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
/** The replies every connection sends, encoded once (the bytes are never changed after). */
const CHOSE_USER_PASS = Buffer.from([VERSION, USER_PASS]);
const CHOSE_NO_AUTH = Buffer.from([VERSION, NO_AUTH]);
const AUTH_SUCCEEDED = Buffer.from([AUTH_VERSION, 0x00]);
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
    void handle(service, socket, options).catch(() => socket.destroy());
  });
}

async function readAddress(reader: SocketReader, atyp: number | undefined): Promise<string | undefined> {
  if (atyp === 0x01) return [...(await reader.read(4))].join('.');
  if (atyp === 0x04) {
    const bytes = await reader.read(16);
    const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
    return canonicalIp(groups.join(':'));
  }
  if (atyp === 0x03) {
    const [length = 0] = await reader.read(1);
    return (await reader.read(length)).toString('latin1');
  }
  return undefined;
}

async function handle(service: TunnelService, socket: Socket, options: SocksOptions): Promise<void> {
  // Slow-loris: the client's whole handshake must arrive in time.
  const timer = setTimeout(() => socket.destroy(), options.handshakeTimeoutMs);
  const reader = new SocketReader(socket, 4096);
  try {
    const [version, count = 0] = await reader.read(2);
    if (version === SOCKS4_VERSION) return endWith(socket, SOCKS4_REJECTED);
    if (version !== VERSION || count === 0) return void socket.destroy();
    const methods = [...(await reader.read(count))];
    const sourceIp = sourceIpOf(socket);

    let result: AuthResult;
    if (methods.includes(USER_PASS)) {
      socket.write(CHOSE_USER_PASS);
      const [authVersion, userLength = 0] = await reader.read(2);
      if (authVersion !== AUTH_VERSION) return void socket.destroy();
      const username = (await reader.read(userLength)).toString('utf8');
      const [passLength = 0] = await reader.read(1);
      const password = (await reader.read(passLength)).toString('utf8');
      result = await service.authenticate(sourceIp, { username, password });
      // A disabled owner passes authentication and is refused its CONNECT with "not allowed".
      if (!result.ok && result.reason !== 'disabled') {
        service.refuse(result.reason);
        return endWith(socket, Buffer.from([AUTH_VERSION, 0x01]));
      }
      socket.write(AUTH_SUCCEEDED);
      if (result.ok) options.unauthenticated.authenticated(socket);
    } else if (methods.includes(NO_AUTH)) {
      result = await service.authenticate(sourceIp, undefined);
      if (!result.ok) {
        service.refuse(result.reason);
        return endWith(socket, Buffer.from([VERSION, NO_METHOD]));
      }
      socket.write(CHOSE_NO_AUTH);
      options.unauthenticated.authenticated(socket);
    } else {
      return endWith(socket, Buffer.from([VERSION, NO_METHOD]));
    }

    const [requestVersion, command, , atyp] = await reader.read(4);
    if (requestVersion !== VERSION) return void socket.destroy();
    const host = await readAddress(reader, atyp);
    if (host === undefined) return endWith(socket, reply(REP.addressTypeNotSupported));
    const port = (await reader.read(2)).readUInt16BE(0);
    clearTimeout(timer);
    if (command !== CONNECT) return endWith(socket, reply(REP.commandNotSupported));
    if (!result.ok) {
      service.refuse(result.reason);
      return endWith(socket, reply(refusals[result.reason].socks));
    }
    if (port === 0 || !isValidHost(host)) {
      service.refuse('bad_request');
      return endWith(socket, reply(REP.generalFailure));
    }
    const connected = await service.connect(result.identity, { host, port });
    if (!connected.ok) return endWith(socket, reply(refusals[connected.reason].socks));
    reader.detach();
    await service.relay(connected, socket, SUCCEEDED);
  } finally {
    clearTimeout(timer);
  }
}
