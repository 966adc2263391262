import type { Exit, Pool } from '@resiport/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { seal, unseal, type SealingKey } from '../../lib/sealed-box';
import { enabledExits, seedEmptyExits, type ExitRow, type NewExitRow } from './exits.repository';

/**
 * The exit pool as the rest of the product reads it (decision 030): the enabled rows of `exits`.
 * Gateways get it with the upstream passwords unsealed (an internal call, internal network only);
 * the portal's locations read the same rows without them. A pool file only seeds an empty table.
 */

/** A row as the pool schema writes an exit: absent fields, not nulls. */
function exitOf(row: ExitRow, password: string | undefined): Exit {
  const present = <T>(value: T | null) => (value === null ? undefined : value);
  const exit: Exit = { id: row.id, type: row.type, weight: row.weight };
  const fields = {
    host: present(row.host),
    port: present(row.port),
    username: present(row.username),
    password,
    country: present(row.country),
    state: present(row.state),
    city: present(row.city),
    state_ru: present(row.state_ru),
    city_ru: present(row.city_ru),
    forward_targeting: row.forward_targeting ? true : undefined,
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(exit, { [name]: value });
  }
  return exit;
}

/** What gateways route through: the enabled exits with their credentials. */
export async function gatewayPool(ctx: Pick<AppContext, 'db' | 'exitCredentialKey'>): Promise<Pool> {
  const rows = await enabledExits(ctx.db);
  return {
    exits: rows.map((row) =>
      exitOf(
        row,
        row.password_sealed === null ? undefined : unseal(ctx.exitCredentialKey, row.password_sealed),
      ),
    ),
  };
}

/** What the portal offers locations from: the enabled exits, without credentials. */
export async function servedPool(db: Executor): Promise<Pool> {
  return { exits: (await enabledExits(db)).map((row) => exitOf(row, undefined)) };
}

/** A pool file's exit as a row (a direct exit's address fields mean nothing and are dropped). */
export function rowOfSeedExit(key: SealingKey, exit: Exit): NewExitRow {
  const upstream = exit.type !== 'direct';
  return {
    id: exit.id,
    type: exit.type,
    host: upstream ? (exit.host ?? null) : null,
    port: upstream ? (exit.port ?? null) : null,
    username: upstream ? (exit.username ?? null) : null,
    password_sealed: upstream && exit.password !== undefined ? seal(key, exit.password) : null,
    country: exit.country ?? null,
    state: exit.state ?? null,
    city: exit.city ?? null,
    state_ru: exit.state_ru ?? null,
    city_ru: exit.city_ru ?? null,
    forward_targeting: exit.forward_targeting === true,
    weight: exit.weight,
  };
}

/**
 * At start: an empty `exits` table is filled from GATEWAY_POOL_FILE (or the default pool), once;
 * several API processes starting together take turns on the table lock and only the first writes.
 * After that the file is not read for routing again: the console's pool is the one in force.
 */
export async function seedExitPool(ctx: AppContext): Promise<void> {
  const rows = ctx.config.gateway.seedPool.exits.map((exit) => rowOfSeedExit(ctx.exitCredentialKey, exit));
  const written = await ctx.db.transaction().execute((trx) => seedEmptyExits(trx, rows));
  if (written > 0) ctx.log.info({ exits: written }, 'exit pool seeded (the console manages it from now on)');
}
