import { describe, expect, it } from 'vitest';
import { gatewayListening, serverListening } from './listening';

const serverLine = JSON.stringify({
  level: 30,
  listening: {
    port: 41234,
    publicUrl: 'http://localhost:41234',
    gateway: { httpPort: 41235, socksPort: 41236 },
  },
  msg: 'Resiport is up: http://localhost:41234/client/',
});

describe('reading the ports a child reports', () => {
  it("finds the server's start line among other output, only once the line is complete", () => {
    const before = '{"level":30,"msg":"migrations applied"}\nnot json at all\n{broken\n';
    expect(serverListening(before + serverLine)).toBeUndefined();
    expect(serverListening(`${before}${serverLine}\n`)).toEqual({
      port: 41234,
      publicUrl: 'http://localhost:41234',
      gateway: { httpPort: 41235, socksPort: 41236 },
    });
  });

  it('takes a gateway line with its ports, not another line that names ports', () => {
    const output = [
      { msg: 'gateway up', http: '127.0.0.1:8000' },
      { msg: 'gateway listening', host: '127.0.0.1', httpPort: 40001, socksPort: 40002, instance: 'a' },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    expect(gatewayListening(`${output}\n`)).toEqual({ host: '127.0.0.1', httpPort: 40001, socksPort: 40002 });
  });

  it('refuses a report of port 0: the port must be the one bound', () => {
    const zero = serverLine.replace('"port":41234', '"port":0');
    expect(serverListening(`${zero}\n`)).toBeUndefined();
  });
});
