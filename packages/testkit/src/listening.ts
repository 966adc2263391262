import { z } from 'zod';

/**
 * How a process we start tells its parent where it listens. Each of our servers binds the port it
 * is given itself, and 0 lets the OS pick one at that moment (`listen(0)`): nothing probes a port for
 * a child to bind later. The child then reports the ports it got in one JSON log line on stdout
 * (LOG_FORMAT=json, LOG_LEVEL info or below), which the parent reads with the functions below:
 *
 * - the server (apps/server/src/main.ts), its start line, once every listener is up:
 *   `{"listening":{"port":…,"publicUrl":"…","gateway":{"httpPort":…,"socksPort":…},"metricsPort":…},"msg":"<APP_NAME> is up: …"}`
 *   (`gateway` with the in-process gateway, `metricsPort` with METRICS_PORT set);
 * - the gateway (apps/gateway/src/gateway.ts), standalone or each worker of a cluster (all the same ports):
 *   `{"msg":"gateway listening","host":"…","httpPort":…,"socksPort":…,"metricsPort":…}`.
 *
 * apps/server/src/listening-report.test.ts and apps/gateway/test/listening-report.test.ts start the
 * real programs on port 0 and hold them to it.
 */

const portNumber = z.number().int().min(1).max(65535);

const serverLine = z.object({
  listening: z.object({
    port: portNumber,
    publicUrl: z.string(),
    gateway: z.object({ httpPort: portNumber, socksPort: portNumber }).optional(),
    metricsPort: portNumber.optional(),
  }),
});

const gatewayLine = z.object({
  msg: z.literal('gateway listening'),
  host: z.string(),
  httpPort: portNumber,
  socksPort: portNumber,
  metricsPort: portNumber.optional(),
});

export type ServerListening = z.infer<typeof serverLine>['listening'];
export type GatewayListening = Omit<z.infer<typeof gatewayLine>, 'msg'>;

/** Every complete line of `output` that is a JSON object; other lines (and a last unfinished one) are skipped. */
export function jsonLogLines(output: string): Record<string, unknown>[] {
  const complete = output.slice(0, output.lastIndexOf('\n') + 1);
  const objects: Record<string, unknown>[] = [];
  for (const line of complete.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (value !== null && typeof value === 'object') objects.push(value as Record<string, unknown>);
    } catch {
      // Not a log line (a stray print that happens to start with a brace).
    }
  }
  return objects;
}

function firstMatch<T>(
  output: string,
  parse: (line: Record<string, unknown>) => T | undefined,
): T | undefined {
  for (const line of jsonLogLines(output)) {
    const found = parse(line);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The server's report in its output so far (its start line), or undefined before that line. */
export function serverListening(output: string): ServerListening | undefined {
  return firstMatch(output, (line) => serverLine.safeParse(line).data?.listening);
}

/** A gateway's report in its output so far (its first "gateway listening" line), or undefined. */
export function gatewayListening(output: string): GatewayListening | undefined {
  return firstMatch(output, (line) => {
    const parsed = gatewayLine.safeParse(line).data;
    return (
      parsed && {
        host: parsed.host,
        httpPort: parsed.httpPort,
        socksPort: parsed.socksPort,
        metricsPort: parsed.metricsPort,
      }
    );
  });
}

export interface ReportWait {
  /** What the child printed so far (stdout, where its log goes). */
  output: () => string;
  /** False once the child has exited: waiting stops with its output in the error. */
  running: () => boolean;
  /** Named in the error. */
  name: string;
  timeoutMs?: number;
}

/** Waits for a child's report (`serverListening` or `gatewayListening` on its output). */
export async function waitForReport<T>(
  read: (output: string) => T | undefined,
  wait: ReportWait,
): Promise<T> {
  const deadline = Date.now() + (wait.timeoutMs ?? 60_000);
  for (;;) {
    const output = wait.output();
    const report = read(output);
    if (report !== undefined) return report;
    if (!wait.running()) throw new Error(`${wait.name} exited before reporting its ports:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${wait.name} did not report its ports in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
