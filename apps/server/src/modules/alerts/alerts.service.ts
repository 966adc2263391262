import type { AlertDelivery, AlertSettings, AlertSettingsInput } from '@resiport/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { randomToken } from '../../lib/crypto';
import { seal, unseal } from '../../lib/sealed-box';
import { lockAccountBalances } from '../ledger/ledger.service';
import { webhookUrlProblem } from './webhook-post';
import { activeAlertSettings, noteAccountFigures, raiseAlert } from './alert-triggers.service';
import {
  latestDeliveries,
  supersedeDeliveries,
  readAlertSettings,
  saveAlertSettings,
  type AlertSettingsRow,
} from './alerts.repository';

/** How many deliveries the log shows. */
export const DELIVERY_LOG_SIZE = 20;

const OFF: AlertSettings = {
  email_enabled: false,
  webhook_url: null,
  webhook_secret: null,
  sub_percents: [],
  main_left_below_bytes: null,
  main_empty: false,
  low_balance_below_cents: null,
  on_payment: false,
  on_order: false,
  on_refill: false,
};

function viewOf(ctx: AppContext, row: AlertSettingsRow | undefined, showSecret: boolean): AlertSettings {
  if (!row) return OFF;
  const numberOrNull = (value: bigint | null) => (value === null ? null : Number(value));
  return {
    email_enabled: row.email_enabled,
    webhook_url: row.webhook_url,
    webhook_secret:
      showSecret && row.webhook_secret_sealed
        ? unseal(ctx.webhookSecretKey, row.webhook_secret_sealed)
        : null,
    sub_percents: row.sub_percents,
    main_left_below_bytes: numberOrNull(row.main_left_below_bytes),
    main_empty: row.main_empty,
    low_balance_below_cents: numberOrNull(row.low_balance_below_cents),
    on_payment: row.on_payment,
    on_order: row.on_order,
    on_refill: row.on_refill,
  };
}

/**
 * The account's settings (all off until it saves some) and its latest deliveries. The signing secret
 * only for the account itself: an operator's read-only view gets null (it could sign webhooks).
 */
export async function alertsOf(
  ctx: AppContext,
  accountId: number,
  viewer: { operator: boolean } = { operator: false },
) {
  const [settings, deliveries] = await Promise.all([
    readAlertSettings(ctx.db, accountId),
    latestDeliveries(ctx.db, accountId, DELIVERY_LOG_SIZE),
  ]);
  return {
    settings: viewOf(ctx, settings, !viewer.operator),
    deliveries: deliveries.map((d): AlertDelivery => ({
      id: d.id,
      event_id: d.event_id,
      kind: d.kind,
      channel: d.channel,
      target: d.target,
      status: d.status,
      attempts: d.attempts,
      last_status: d.last_status,
      last_error: d.last_error,
      last_response: d.last_response,
      last_attempt_at: d.last_attempt_at?.toISOString() ?? null,
      next_at: d.status === 'pending' ? d.next_at.toISOString() : null,
      created_at: d.created_at.toISOString(),
    })),
  };
}

const newSecret = () => `whsec_${randomToken(24)}`;

/**
 * Saves what the call names (an absent field stays). A first webhook gets a signing secret. The
 * account's own thresholds are checked at once against its figures, so a threshold saved below
 * where the account already is alerts now rather than at the next change.
 */
export async function changeAlerts(ctx: AppContext, accountId: number, input: AlertSettingsInput) {
  if (input.webhook_url && webhookUrlProblem(input.webhook_url, ctx.config.alerts.allowPrivateWebhooks)) {
    throw new AppError('AlertWebhookUnsafe');
  }
  const bigOrNull = (value: number | null) => (value === null ? null : BigInt(value));
  await ctx.db.transaction().execute(async (trx) => {
    // The same order of locks as every change of the account's figures: no deadlock with them.
    await lockAccountBalances(trx, accountId);
    const current = await readAlertSettings(trx, accountId, true);
    const webhook = input.webhook_url === undefined ? current?.webhook_url : input.webhook_url;
    const secret =
      current?.webhook_secret_sealed ?? (webhook ? seal(ctx.webhookSecretKey, newSecret()) : null);
    await saveAlertSettings(
      trx,
      accountId,
      {
        ...(input.email_enabled === undefined ? {} : { email_enabled: input.email_enabled }),
        ...(input.webhook_url === undefined ? {} : { webhook_url: input.webhook_url }),
        webhook_secret_sealed: secret,
        ...(input.sub_percents === undefined ? {} : { sub_percents: input.sub_percents }),
        ...(input.main_left_below === undefined
          ? {}
          : { main_left_below_bytes: bigOrNull(input.main_left_below) }),
        ...(input.main_empty === undefined ? {} : { main_empty: input.main_empty }),
        ...(input.low_balance_below === undefined
          ? {}
          : { low_balance_below_cents: bigOrNull(input.low_balance_below) }),
        ...(input.on_payment === undefined ? {} : { on_payment: input.on_payment }),
        ...(input.on_order === undefined ? {} : { on_order: input.on_order }),
        ...(input.on_refill === undefined ? {} : { on_refill: input.on_refill }),
      },
      ctx.clock(),
    );
    // What is still waiting for a channel now off, or for an address since changed, is not sent there.
    const saved = await readAlertSettings(trx, accountId);
    await supersedeDeliveries(trx, accountId, {
      email: saved?.email_enabled ? saved.email : null,
      webhook: saved?.webhook_url ?? null,
    });
    await noteAccountFigures(trx, accountId, ctx.clock(), { bySettings: true });
  });
  return alertsOf(ctx, accountId);
}

/** Refuses (AlertNoChannel) an account with no channel on: before a test counts against its limit. */
export async function requireAlertChannel(ctx: AppContext, accountId: number): Promise<void> {
  if (!(await activeAlertSettings(ctx.db, accountId))) throw new AppError('AlertNoChannel');
}

/** A `test` alert to every channel that is on; refused when none is. */
export async function sendTestAlert(ctx: AppContext, accountId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const settings = await activeAlertSettings(trx, accountId);
    if (!settings) throw new AppError('AlertNoChannel');
    await raiseAlert(trx, settings, { kind: 'test', data: {}, at: ctx.clock() });
  });
  return alertsOf(ctx, accountId);
}

/** A new signing secret; the old one stops working at once (webhooks sent from now use the new one). */
export async function rotateWebhookSecret(ctx: AppContext, accountId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    // The same lock order as saving the settings: the two never deadlock.
    await lockAccountBalances(trx, accountId);
    const secret = seal(ctx.webhookSecretKey, newSecret());
    await saveAlertSettings(trx, accountId, { webhook_secret_sealed: secret }, ctx.clock());
  });
  return alertsOf(ctx, accountId);
}
