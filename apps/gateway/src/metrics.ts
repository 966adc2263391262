import { createServer, type Server } from 'node:http';

/**
 * Counters for operators, as Prometheus text on `GATEWAY_METRICS_PORT` (`/metrics`). Per-process;
 * labels are low-cardinality only (reasons, directions), never users or addresses.
 */
export class Metrics {
  tunnelsOpened = 0;
  bytesUp = 0;
  bytesDown = 0;
  leaseRenewals = 0;
  leaseErrors = 0;
  cuts = 0;
  holds = 0;
  usageBatches = 0;
  usageErrors = 0;
  readonly authFailures = new Map<string, number>();
  readonly refusals = new Map<string, number>();

  static bump(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  render(gauges: { tunnelsOpen: number; usageQueued: number; clientUnsent: number }): string {
    const lines: string[] = [];
    const metric = (name: string, type: string, help: string, samples: [string, number][]) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [labels, value] of samples) lines.push(`${name}${labels} ${value}`);
    };
    const byReason = (map: Map<string, number>): [string, number][] =>
      [...map].map(([reason, n]) => [`{reason="${reason}"}`, n]);
    metric('resiport_gateway_tunnels_open', 'gauge', 'Tunnels open now.', [['', gauges.tunnelsOpen]]);
    metric('resiport_gateway_tunnels_total', 'counter', 'Tunnels opened.', [['', this.tunnelsOpened]]);
    metric(
      'resiport_gateway_client_unsent_bytes',
      'gauge',
      'Bytes written to client sockets and not sent yet (billed once sent, given back if never).',
      [['', gauges.clientUnsent]],
    );
    metric('resiport_gateway_bytes_total', 'counter', 'Client-side bytes metered.', [
      ['{direction="up"}', this.bytesUp],
      ['{direction="down"}', this.bytesDown],
    ]);
    metric(
      'resiport_gateway_auth_failures_total',
      'counter',
      'Failed authentications.',
      byReason(this.authFailures),
    );
    metric('resiport_gateway_refusals_total', 'counter', 'Refused connections.', byReason(this.refusals));
    metric('resiport_gateway_lease_renewals_total', 'counter', 'Lease calls answered.', [
      ['', this.leaseRenewals],
    ]);
    metric('resiport_gateway_lease_errors_total', 'counter', 'Lease calls failed.', [['', this.leaseErrors]]);
    metric('resiport_gateway_cuts_total', 'counter', 'Owners cut off (traffic gone, revoked).', [
      ['', this.cuts],
    ]);
    metric('resiport_gateway_credit_holds_total', 'counter', 'Owners held at zero credit until a renewal.', [
      ['', this.holds],
    ]);
    metric('resiport_gateway_usage_batches_total', 'counter', 'Usage batches acknowledged.', [
      ['', this.usageBatches],
    ]);
    metric('resiport_gateway_usage_errors_total', 'counter', 'Usage batch sends failed.', [
      ['', this.usageErrors],
    ]);
    metric('resiport_gateway_usage_queued', 'gauge', 'Usage batches waiting.', [['', gauges.usageQueued]]);
    return `${lines.join('\n')}\n`;
  }
}

export function serveMetrics(render: () => string): Server {
  return createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(render());
  });
}
