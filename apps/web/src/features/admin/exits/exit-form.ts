import { exitCreateBody, ResultCode, type AdminExit, type ExitType } from '@resiport/contract';
import type { FormRule } from 'antd';
import type { FieldByCode } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { validationTexts } from '../../../lib/form-rules-localized';
import type { ExitCreateInput } from './api/save-exit';

/** What the add/edit dialog holds: form fields as antd gives them (empty inputs are '' or null). */
export interface ExitFormValues {
  id: string;
  type: ExitType;
  host?: string | undefined;
  port?: number | null | undefined;
  username?: string | undefined;
  /** Write-only: empty means "keep the stored one" (or none, for a new exit). */
  password?: string | undefined;
  country?: string | undefined;
  state?: string | undefined;
  city?: string | undefined;
  state_ru?: string | undefined;
  city_ru?: string | undefined;
  forward_targeting?: boolean | undefined;
  weight?: number | null | undefined;
  reason: string;
}

export const exitFormFields = [
  'id',
  'type',
  'host',
  'port',
  'username',
  'password',
  'country',
  'state',
  'city',
  'state_ru',
  'city_ru',
  'forward_targeting',
  'weight',
  'reason',
] as const;

/** The server's refusals about one field go on it (the toast says it too). */
export const exitFieldByCode: FieldByCode = {
  [ResultCode.ExitIdTaken]: 'id',
  [ResultCode.ExitAddressRequired]: 'host',
  [ResultCode.ExitDirectHasUpstreamFields]: 'type',
  [ResultCode.ExitForwardTargetingDirect]: 'forward_targeting',
  [ResultCode.ExitPlaceWithoutCountry]: 'country',
  [ResultCode.ExitPasswordWithoutUsername]: 'username',
};

const shape = exitCreateBody.shape;
const optionalRule = (schema: Parameters<typeof zodRule>[0]) => [
  zodRule(schema, validationTexts, { required: false }),
];

/** Each field checked by the contract's own schema, as the server checks it. */
export const exitRules = {
  id: [zodRule(shape.id, validationTexts)],
  host: optionalRule(shape.host),
  port: optionalRule(shape.port),
  username: optionalRule(shape.username),
  password: optionalRule(shape.password),
  country: optionalRule(shape.country),
  place: optionalRule(shape.state),
  russianName: optionalRule(shape.state_ru),
  weight: [zodRule(shape.weight, validationTexts)],
} satisfies Record<string, FormRule[]>;

/** The fields of an exit being edited, as the form starts (the password is never known here). */
export function formValuesOf(exit: AdminExit | undefined): Partial<ExitFormValues> {
  if (!exit) return { type: 'http', weight: 1, forward_targeting: false };
  const text = (value: string | null) => value ?? '';
  return {
    id: exit.id,
    type: exit.type,
    host: text(exit.host),
    port: exit.port,
    username: text(exit.username),
    country: text(exit.country),
    state: text(exit.state),
    city: text(exit.city),
    state_ru: text(exit.state_ru),
    city_ru: text(exit.city_ru),
    forward_targeting: exit.forward_targeting,
    weight: exit.weight,
  };
}

/**
 * The request: the exit's whole state (an empty field is left out, which clears it), the upstream
 * fields only for an upstream, and the password only when one was typed — an empty password field
 * keeps the stored one, it never clears it.
 */
export function exitRequestOf(values: ExitFormValues): ExitCreateInput {
  const given = (value: string | undefined) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? undefined : trimmed;
  };
  const upstream = values.type !== 'direct';
  const body: ExitCreateInput = {
    id: values.id.trim(),
    type: values.type,
    country: given(values.country),
    state: given(values.state),
    city: given(values.city),
    state_ru: given(values.state_ru),
    city_ru: given(values.city_ru),
    weight: values.weight ?? 1,
    reason: values.reason.trim(),
  };
  if (upstream) {
    body.host = given(values.host);
    body.port = values.port ?? undefined;
    body.username = given(values.username);
    if (values.password) body.password = values.password;
    if (values.forward_targeting) body.forward_targeting = true;
  }
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as ExitCreateInput;
}
