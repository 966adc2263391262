import { centsToUsd, type alertEndpoints, type AlertSettings, type EndpointInput } from '@resiport/contract';
import { exactGbText, normalizeGbText } from '../../lib/gb-text';
import { normalizeDecimalText } from '../../lib/decimal-text';

/** The account's alert settings as the form holds them (texts as typed, switches as booleans). */
export interface AlertFormValues {
  email_enabled: boolean;
  webhook_url: string;
  sub_percents: string;
  main_left_below: string;
  main_empty: boolean;
  low_balance_below: string;
  on_payment: boolean;
  on_order: boolean;
  on_refill: boolean;
}

export const alertFormFields = [
  'email_enabled',
  'webhook_url',
  'sub_percents',
  'main_left_below',
  'main_empty',
  'low_balance_below',
  'on_payment',
  'on_order',
  'on_refill',
] as const satisfies readonly (keyof AlertFormValues)[];

/** "80, 90, 100" for a list of percents. */
export const percentsText = (percents: readonly number[]) => percents.join(', ');

export function alertValuesOf(settings: AlertSettings): AlertFormValues {
  return {
    email_enabled: settings.email_enabled,
    webhook_url: settings.webhook_url ?? '',
    sub_percents: percentsText(settings.sub_percents),
    main_left_below:
      settings.main_left_below_bytes === null ? '' : exactGbText(settings.main_left_below_bytes),
    main_empty: settings.main_empty,
    low_balance_below:
      settings.low_balance_below_cents === null ? '' : centsToUsd(settings.low_balance_below_cents),
    on_payment: settings.on_payment,
    on_order: settings.on_order,
    on_refill: settings.on_refill,
  };
}

/** What the form sends: every field, as a form posts it ('' for an empty one, 'true'/'false' for a switch). */
export function alertSentOf(values: AlertFormValues): EndpointInput<typeof alertEndpoints.update> {
  const flag = (on: boolean) => (on ? 'true' : 'false');
  return {
    email_enabled: flag(values.email_enabled),
    webhook_url: values.webhook_url.trim(),
    sub_percents: values.sub_percents.trim(),
    main_left_below: normalizeGbText(values.main_left_below),
    main_empty: flag(values.main_empty),
    low_balance_below: normalizeDecimalText(values.low_balance_below),
    on_payment: flag(values.on_payment),
    on_order: flag(values.on_order),
    on_refill: flag(values.on_refill),
  };
}
