import { readFileSync } from 'node:fs';
import { DEFAULT_POOL, poolSchema, type Pool } from './gateway-pool';

/**
 * Reads the exit pool from the JSON file `GATEWAY_POOL_FILE` names, checked against the pool schema:
 * the one loader of the server (which seeds its empty `exits` table from it) and the gateway (which
 * routes by it until the server's pool arrives, decision 030), so both read a file alike. Node
 * only: not exported from the contract's index, so the web bundle never sees it. Without a file, the
 * default pool. A bad file answers its problems; each process reports them as its own config error.
 */
export type PoolFileResult = { ok: true; pool: Pool } | { ok: false; problems: string[] };

export function readPoolFile(file: string | undefined): PoolFileResult {
  if (!file) return { ok: true, pool: DEFAULT_POOL };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as Error).message;
    return { ok: false, problems: [`GATEWAY_POOL_FILE: cannot read ${file} as JSON (${reason})`] };
  }
  const pool = poolSchema.safeParse(raw);
  if (pool.success) return { ok: true, pool: pool.data };
  return {
    ok: false,
    problems: pool.error.issues.map((i) => `GATEWAY_POOL_FILE ${i.path.join('.')}: ${i.message} (${file})`),
  };
}
