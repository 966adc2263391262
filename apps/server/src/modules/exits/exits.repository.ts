import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { ExitsTable } from './exits.table';

export type ExitRow = Selectable<ExitsTable>;
export type NewExitRow = Insertable<ExitsTable>;
export type ExitChanges = Updateable<ExitsTable>;

/** The enabled exits, by id: what gateways route through and the portal offers. */
export function enabledExits(db: Executor): Promise<ExitRow[]> {
  return db.selectFrom('exits').selectAll().where('enabled', '=', true).orderBy('id').execute();
}

export function findExit(db: Executor, id: string, forUpdate = false): Promise<ExitRow | undefined> {
  const query = db.selectFrom('exits').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Inserts one exit; undefined when its id is taken (one statement: two creates cannot both win). */
export function insertExit(db: Executor, row: NewExitRow): Promise<ExitRow | undefined> {
  return db
    .insertInto('exits')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateExit(db: Executor, id: string, changes: ExitChanges): Promise<ExitRow> {
  return db.updateTable('exits').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Locks every enabled exit (in id order, so two callers cannot deadlock) and answers their ids: two
 * operators disabling the last two exits at once are taken one after the other.
 */
export async function lockEnabledExits(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('exits')
    .select('id')
    .where('enabled', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Fills an empty table with `rows`, once: the table lock makes API processes starting together take
 * turns, and each finds the table empty or not. Answers how many rows it wrote (0: already filled).
 */
export async function seedEmptyExits(db: Executor, rows: NewExitRow[]): Promise<number> {
  await sql`lock table exits in share row exclusive mode`.execute(db);
  const any = await db.selectFrom('exits').select('id').limit(1).executeTakeFirst();
  if (any || rows.length === 0) return 0;
  await db.insertInto('exits').values(rows).execute();
  return rows.length;
}

/** One page of the pool by id; `q` matches the id, host and tags (case-insensitive substring). */
export async function pageOfExits(db: Executor, q: string | undefined, page: number, pageSize: number) {
  let query = db.selectFrom('exits');
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (['id', 'host', 'country', 'state', 'city'] as const).map((column) => eb(column, 'ilike', pattern)),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
