import type { AdminExit, EndpointParsedInput, adminExitsEndpoints } from '@resiport/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { seal } from '../../lib/sealed-box';
import { recordOperatorAction, type Actor } from '../audit/audit.service';
import { recordExitsChanged } from '../gateway-feed/gateway-events.service';
import { checkExitShape } from './exit-rules';
import { exitViews } from './exit-view';
import {
  findExit,
  insertExit,
  lockEnabledExits,
  pageOfExits,
  updateExit,
  type ExitChanges,
  type ExitRow,
} from './exits.repository';

/**
 * The console's changes to the exit pool (decision 030). Each one, in one transaction: the row, its
 * audit entry (before → after of the fields it touched; a password only ever as
 * `password_changed: true`) and a change-feed event, so running gateways load the pool again within
 * a feed round trip. A change that changes nothing writes nothing.
 */

type CreateInput = EndpointParsedInput<typeof adminExitsEndpoints.create>;
type UpdateInput = EndpointParsedInput<typeof adminExitsEndpoints.update>;

/** The fields an audit snapshot may show (everything an operator sets, but the password). */
const AUDITED = [
  'type',
  'host',
  'port',
  'username',
  'country',
  'state',
  'city',
  'state_ru',
  'city_ru',
  'forward_targeting',
  'weight',
  'enabled',
] as const;
type Audited = Pick<ExitRow, (typeof AUDITED)[number]>;

function settingsFrom(input: CreateInput | UpdateInput) {
  const given = <T>(value: T | undefined) => value ?? null;
  return {
    type: input.type,
    host: given(input.host),
    port: given(input.port),
    username: given(input.username),
    country: given(input.country),
    state: given(input.state),
    city: given(input.city),
    state_ru: given(input.state_ru),
    city_ru: given(input.city_ru),
    forward_targeting: input.forward_targeting,
    weight: input.weight,
  };
}

/** The fields that differ, as before and after snapshots. */
function differences(before: Audited, after: Audited) {
  const changed = AUDITED.filter((field) => before[field] !== after[field]);
  const pick = (row: Audited) => Object.fromEntries(changed.map((field) => [field, row[field]]));
  return { before: pick(before), after: pick(after) };
}

async function viewOf(ctx: AppContext, db: Executor, row: ExitRow): Promise<AdminExit> {
  const [view] = await exitViews(db, [row], ctx.clock());
  if (!view) throw new Error('no view of an exit');
  return view;
}

export async function listExits(
  ctx: AppContext,
  input: EndpointParsedInput<typeof adminExitsEndpoints.list>,
) {
  const { rows, total } = await pageOfExits(
    ctx.db,
    input.q === '' ? undefined : input.q,
    input.page,
    input.page_size,
  );
  const list = await exitViews(ctx.db, rows, ctx.clock());
  return { list, total, page: input.page, page_size: input.page_size };
}

export async function createExit(ctx: AppContext, actor: Actor, input: CreateInput): Promise<AdminExit> {
  const settings = settingsFrom(input);
  const password = input.password ?? null;
  checkExitShape({ ...settings, hasPassword: password !== null });
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    const row = await insertExit(trx, {
      id: input.id,
      ...settings,
      password_sealed: password === null ? null : seal(ctx.exitCredentialKey, password),
      created_at: now,
      updated_at: now,
    });
    if (!row) throw new AppError('ExitIdTaken', { id: input.id });
    const after = Object.fromEntries(AUDITED.map((field) => [field, row[field]]));
    await recordOperatorAction(trx, {
      actor,
      action: 'exit.create',
      target: { type: 'exit', id: row.id },
      after: password === null ? after : { ...after, password_changed: true },
      reason: input.reason,
    });
    await recordExitsChanged(trx);
    return viewOf(ctx, trx, row);
  });
}

export async function updateExitSettings(
  ctx: AppContext,
  actor: Actor,
  input: UpdateInput,
): Promise<AdminExit> {
  const settings = settingsFrom(input);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findExit(trx, input.id, true);
    if (!before) throw new AppError('NotFound');
    // Left out: the stored password stays — unless the username goes, which takes it along.
    const newPassword = input.password ?? null;
    const keptPassword = settings.username === null ? null : before.password_sealed;
    const hasPassword = newPassword !== null || keptPassword !== null;
    checkExitShape({ ...settings, hasPassword });
    const passwordChanged = newPassword !== null || (before.password_sealed !== null && !hasPassword);
    const { before: was, after: is } = differences(before, { ...settings, enabled: before.enabled });
    if (Object.keys(is).length === 0 && !passwordChanged) return viewOf(ctx, trx, before);
    const changes: ExitChanges = { ...settings, updated_at: ctx.clock() };
    if (passwordChanged) {
      changes.password_sealed = newPassword === null ? null : seal(ctx.exitCredentialKey, newPassword);
    }
    const row = await updateExit(trx, input.id, changes);
    await recordOperatorAction(trx, {
      actor,
      action: 'exit.update',
      target: { type: 'exit', id: row.id },
      before: was,
      after: passwordChanged ? { ...is, password_changed: true } : is,
      reason: input.reason,
    });
    await recordExitsChanged(trx);
    return viewOf(ctx, trx, row);
  });
}

/**
 * Takes an exit out of the pool or puts it back. The last enabled exit stays: without one, every
 * line — with or without a location — would be refused.
 */
export async function setExitEnabled(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; reason: string },
  enabled: boolean,
): Promise<AdminExit> {
  return ctx.db.transaction().execute(async (trx) => {
    const enabledIds = enabled ? [] : await lockEnabledExits(trx);
    const before = await findExit(trx, input.id, true);
    if (!before) throw new AppError('NotFound');
    if (before.enabled === enabled) return viewOf(ctx, trx, before);
    if (!enabled && enabledIds.length <= 1) throw new AppError('ExitLastEnabled');
    const row = await updateExit(trx, input.id, { enabled, updated_at: ctx.clock() });
    await recordOperatorAction(trx, {
      actor,
      action: enabled ? 'exit.enable' : 'exit.disable',
      target: { type: 'exit', id: row.id },
      before: { enabled: before.enabled },
      after: { enabled },
      reason: input.reason,
    });
    await recordExitsChanged(trx);
    return viewOf(ctx, trx, row);
  });
}
