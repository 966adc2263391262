import type { AlertKind } from '@resiport/contract';
import type { Executor } from '../../db/database';
import { flagCrossed, percentsCrossed, percentUsed } from './alert-crossings';
import {
  insertAlertEvent,
  insertDeliveries,
  readAccountAlertFigures,
  readAlertSettings,
  readAlertSettingsOf,
  readSubAlertFigures,
  setCrossingFlags,
  setSubPercentDone,
  type AlertSettingsRow,
} from './alerts.repository';
import type { AlertChannel } from './alerts.table';

/**
 * Where alerts are raised (decision 039): always inside the transaction that changed the figure or
 * recorded the payment, so an alert exists exactly when its cause committed. An account without
 * settings, or with no channel on, costs one primary-key read.
 */

type Settings = AlertSettingsRow;

/** The settings of an account that has at least one channel on, or undefined. */
export async function activeAlertSettings(
  db: Executor,
  accountId: number,
  lock = false,
): Promise<Settings | undefined> {
  const settings = await readAlertSettings(db, accountId, lock);
  return settings && channelsOf(settings).length > 0 ? settings : undefined;
}

function channelsOf(settings: Settings): { channel: AlertChannel; target: string }[] {
  const channels: { channel: AlertChannel; target: string }[] = [];
  if (settings.email_enabled) channels.push({ channel: 'email', target: settings.email });
  if (settings.webhook_url) channels.push({ channel: 'webhook', target: settings.webhook_url });
  return channels;
}

/** Writes the event (once per `dedupeKey`) and one delivery per channel that is on. */
export async function raiseAlert(
  db: Executor,
  settings: Settings,
  event: {
    kind: AlertKind;
    subaccountId?: number | null;
    dedupeKey?: string | null;
    data: Record<string, unknown>;
    at: Date;
  },
): Promise<number | undefined> {
  const eventId = await insertAlertEvent(db, {
    accountId: settings.account_id,
    subaccountId: event.subaccountId ?? null,
    kind: event.kind,
    dedupeKey: event.dedupeKey ?? null,
    data: event.data,
    at: event.at,
  });
  if (eventId === undefined) return undefined;
  await insertDeliveries(
    db,
    channelsOf(settings).map((c) => ({ ...c, eventId, accountId: settings.account_id, at: event.at })),
  );
  return eventId;
}

const wanted: Partial<Record<AlertKind, (s: Settings) => boolean>> = {
  payment_received: (s) => s.on_payment,
  order_paid: (s) => s.on_order,
  refill_done: (s) => s.on_refill,
  refill_failed: (s) => s.on_refill,
};

/** A payment, an order or a refill: alerted once per `dedupeKey` when the account wants that kind. */
export async function noteAlertEvent(
  db: Executor,
  accountId: number,
  event: {
    kind: AlertKind;
    dedupeKey: string;
    subaccountId?: number;
    data: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  const settings = await activeAlertSettings(db, accountId);
  if (!settings || !(wanted[event.kind]?.(settings) ?? false)) return;
  await raiseAlert(db, settings, event);
}

/**
 * The account's own figures changed (its traffic, its balance): alerts the yes/no thresholds that
 * started to hold, and re-arms those that stopped. Call it after every change that can move them,
 * up or down, in the changing transaction (which holds the account's row).
 *
 * `bySettings`: the thresholds moved, not the figures (a save). Such alerts are bounded to one per
 * kind per account per UTC hour: switching a threshold off and on while below it would otherwise
 * send a mail and a webhook per save, the way around the test alerts' limit.
 */
export async function noteAccountFigures(
  db: Executor,
  accountId: number,
  at = new Date(),
  options: { bySettings?: boolean } = {},
): Promise<void> {
  const settings = await activeAlertSettings(db, accountId, true);
  if (!settings) return;
  const figures = await readAccountAlertFigures(db, accountId);
  const left = figures.traffic_left_bytes + figures.traffic_reserved_bytes;
  const low = flagCrossed(
    settings.main_left_below_bytes !== null && left < settings.main_left_below_bytes,
    settings.main_low_alerted,
  );
  const empty = flagCrossed(settings.main_empty && left <= 0n, settings.main_empty_alerted);
  const balance = flagCrossed(
    settings.low_balance_below_cents !== null && figures.balance_cents < settings.low_balance_below_cents,
    settings.low_balance_alerted,
  );
  if (
    low.alerted !== settings.main_low_alerted ||
    empty.alerted !== settings.main_empty_alerted ||
    balance.alerted !== settings.low_balance_alerted
  ) {
    await setCrossingFlags(db, accountId, {
      main_low_alerted: low.alerted,
      main_empty_alerted: empty.alerted,
      low_balance_alerted: balance.alerted,
    });
  }
  const hour = at.toISOString().slice(0, 13);
  const dedupeKey = (kind: AlertKind) => (options.bySettings ? `saved:${kind}:${hour}` : null);
  // An empty main account is also below any "low" threshold: the one "empty" alert says it all.
  if (low.alert && !empty.alert) {
    const data = { left_bytes: Number(left), threshold_bytes: Number(settings.main_left_below_bytes) };
    await raiseAlert(db, settings, { kind: 'main_low', data, at, dedupeKey: dedupeKey('main_low') });
  }
  if (empty.alert) {
    const data = { left_bytes: 0 };
    await raiseAlert(db, settings, { kind: 'main_empty', data, at, dedupeKey: dedupeKey('main_empty') });
  }
  if (balance.alert) {
    const data = {
      balance_cents: Number(figures.balance_cents),
      threshold_cents: Number(settings.low_balance_below_cents),
    };
    await raiseAlert(db, settings, { kind: 'low_balance', data, at, dedupeKey: dedupeKey('low_balance') });
  }
}

/**
 * Watches one usage entry of a sub-account: `before()` reads its figures, `after()` alerts each of
 * its thresholds the usage crossed. Both run in the usage batch's transaction, which holds the
 * account's row, so two batches never alert the same crossing.
 */
export async function watchSubUsage(
  db: Executor,
  settings: Settings,
  subaccountId: number,
): Promise<{ after: (at: Date) => Promise<void> } | undefined> {
  const before = await readSubAlertFigures(db, subaccountId);
  if (!before) return undefined;
  const thresholds = before.alert_percents ?? settings.sub_percents;
  if (thresholds.length === 0) return undefined;
  const shown = (row: NonNullable<typeof before>) => {
    const left = row.traffic_left_bytes + row.traffic_reserved_bytes;
    // What it was given and used; never below zero (a debt larger than its use is the main account's).
    const owed = row.traffic_used_bytes - row.traffic_debt_bytes;
    const used = owed > 0n ? owed : 0n;
    return { left, used, allocated: left + used };
  };
  const was = shown(before);
  return {
    after: async (at) => {
      const row = await readSubAlertFigures(db, subaccountId);
      if (!row) return;
      const now = shown(row);
      const crossed = percentsCrossed(
        thresholds,
        row.alert_percent_done,
        percentUsed(was.used, was.allocated),
        percentUsed(now.used, now.allocated),
      );
      if (crossed.done !== row.alert_percent_done) await setSubPercentDone(db, subaccountId, crossed.done);
      for (const percent of crossed.alert) {
        const data = {
          subaccount_id: subaccountId,
          username: row.username,
          percent,
          used_bytes: Number(now.used),
          allocated_bytes: Number(now.allocated),
          left_bytes: Number(now.left),
        };
        await raiseAlert(db, settings, { kind: 'sub_used', subaccountId, data, at });
      }
    },
  };
}

/**
 * The alerts of one usage batch: `prepare` reads the settings of the batch's accounts at once;
 * `watchesSubUsage` says whose sub-accounts' usage must be billed between two reads of their figures
 * (`around`); `finish` checks each account's own figures once.
 */
export function usageBatchAlerts(db: Executor, at: Date) {
  const accounts = new Map<number, Settings | undefined>();
  const settingsOf = async (accountId: number) => {
    if (!accounts.has(accountId)) accounts.set(accountId, await activeAlertSettings(db, accountId));
    return accounts.get(accountId);
  };
  return {
    async prepare(accountIds: readonly number[]): Promise<void> {
      for (const id of accountIds) accounts.set(id, undefined);
      for (const settings of await readAlertSettingsOf(db, accountIds)) {
        if (channelsOf(settings).length > 0) accounts.set(settings.account_id, settings);
      }
    },
    /** Known after `prepare` for its accounts. */
    watchesSubUsage(owner: { account_id: number; subaccount_id: number | null }): boolean {
      return owner.subaccount_id !== null && accounts.get(owner.account_id) !== undefined;
    },
    async around(
      owner: { account_id: number; subaccount_id: number | null },
      bill: () => Promise<void>,
    ): Promise<void> {
      const settings = await settingsOf(owner.account_id);
      const watch =
        settings && owner.subaccount_id !== null
          ? await watchSubUsage(db, settings, owner.subaccount_id)
          : undefined;
      await bill();
      await watch?.after(at);
    },
    async finish(): Promise<void> {
      for (const [accountId, settings] of accounts) {
        if (settings) await noteAccountFigures(db, accountId, at);
      }
    },
  };
}
