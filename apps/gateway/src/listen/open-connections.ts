import type { Server, Socket } from 'node:net';

/**
 * Every connection the servers accept, until it closes: what shutdown destroys. One shared 'close'
 * listener (`this` is the socket), no closure per connection.
 */
export function openConnections(servers: Server[]): ReadonlySet<Socket> {
  const sockets = new Set<Socket>();
  const forget = function (this: Socket) {
    sockets.delete(this);
  };
  for (const server of servers) {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', forget);
    });
  }
  return sockets;
}
