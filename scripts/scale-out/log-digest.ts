import { readFile } from 'node:fs/promises';
import type { ManagedProcess } from './child-process';

/** Log levels counted: pino's numbers (the server) and the gateway's names. */
const WARN_OR_WORSE = new Set<unknown>([40, 50, 60, 'warn', 'error', 'fatal']);

/**
 * What went wrong along the way, as the processes themselves logged it: the product's warnings and
 * errors (JSON lines at level warn or worse) by message, and nginx's error log by message (its failovers:
 * "connect() failed (111: Connection refused) while connecting to upstream", …). Printed, not checked:
 * a failover is expected to leave traces; the checks are on what customers and the ledger saw.
 */
export function productWarnings(process: ManagedProcess): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of process.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: unknown; msg?: string; err?: unknown };
      if (!WARN_OR_WORSE.has(entry.level)) continue;
      const err = typeof entry.err === 'string' ? `: ${entry.err}` : '';
      const key = `${entry.msg ?? '?'}${err}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      // a line cut by the kill
    }
  }
  return counts;
}

export async function nginxErrors(errorLog: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const text = await readFile(errorLog, 'utf8').catch(() => '');
  for (const line of text.split('\n')) {
    // 2026/11/25 21:59:01 [error] 123#123: *45 connect() failed (…) while connecting to upstream, client: …
    const message = /\[(?:warn|error|crit|alert|emerg)\] \d+#\d+: (?:\*\d+ )?([^,]*)/.exec(line)?.[1];
    if (message !== undefined) counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return counts;
}

export function describe(counts: Map<string, number>): string {
  return [...counts.entries()].map(([message, n]) => `${n} × ${message}`).join('; ') || 'none';
}
