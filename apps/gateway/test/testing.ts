/**
 * What the system tests (`tests/system`: gateways against the real server) use of the gateway's own
 * test kit, as `@resiport/gateway/testing`: raw CONNECT/SOCKS5 clients, loopback targets and
 * upstream proxies, a gateway as its own OS process, and the sticky-session hash to predict an exit.
 */
export * from './clients';
export {
  closeServer,
  startBlaster,
  startEchoServer,
  startFirehose,
  startHttpTarget,
  startIpEcho,
  startUpstreamHttpProxy,
} from './servers';
export { startGatewayProcess, type GatewayProcess, type GatewayProcessOptions } from './gateway-process';
export { rendezvousOrder, stickyKey } from '../src/route/sticky';
export { burnCpu } from './cpu-burner';
export { drainTransfers, openTransfer, TRANSFER_PATHS, type TransferPath } from './transfers';
