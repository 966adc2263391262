/**
 * The proxy gateway (docs/architecture.md#gateway-principles): HTTP CONNECT / absolute-form and SOCKS5 listeners that
 * authenticate proxy users, route to exits, meter every byte against traffic leases and cut at zero.
 * `createGateway` runs it in any process (the server's `npm start`, tests); `main.ts` is the
 * standalone process.
 */
export { createGateway, type Gateway, type GatewayDeps } from './gateway';
export { ConfigError, loadGatewayConfig, type GatewayConfig } from './config';
export { silentLogger, type GatewayLogger } from './log';
export { isRefusal, refusals, REASON_HEADER, type Refusal } from './refusals';
export { refusalTexts } from './refusal-texts';
export { connectHttpUpstream } from './route/connect/http-upstream';
export { connectSocks5Upstream } from './route/connect/socks5-upstream';
export { ConnectError, type UpstreamAnswer } from './route/connect/types';
/** The destination guard (docs/architecture.md#gateway-principles), for other outgoing connections to customers' addresses. */
export { isRefusedHost } from './route/connect/guard';
export { guardedLookup, REFUSED_ADDRESS_CODE } from './route/connect/tcp';
