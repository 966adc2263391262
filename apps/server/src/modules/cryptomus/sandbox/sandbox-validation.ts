import { decimalToCents } from '../money';

/**
 * Validation of `POST /v1/payment` the way Cryptomus reports it: HTTP 422 with
 * `{"state":1,"errors":{"field":["validation.rule"]}}` (Laravel rule keys; Cryptomus API docs, doc.cryptomus.com: errors).
 */

export type FieldErrors = Record<string, string[]>;

export interface InvoiceRequest {
  amountCents: bigint;
  currency: string;
  orderId: string;
  urlCallback: string | null;
  urlReturn: string | null;
  urlSuccess: string | null;
  lifetimeSeconds: number;
  isPaymentMultiple: boolean;
  additionalData: string | null;
}

/** A field's value, or the rule it broke. */
type Check<T> = { value: T } | { rule: string };

const DEFAULT_LIFETIME_SECONDS = 3600;
const missing = (value: unknown) => value === undefined || value === null || value === '';

// The sandbox takes fiat-style amounts only (whole cents), which is all our client sends.
function amount(value: unknown): Check<bigint> {
  if (missing(value)) return { rule: 'validation.required' };
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return { rule: 'validation.decimal' };
  const cents = decimalToCents(text);
  return cents > 0n ? { value: cents } : { rule: 'validation.min.numeric' };
}

function currency(value: unknown): Check<string> {
  if (missing(value)) return { rule: 'validation.required' };
  if (typeof value !== 'string' || !/^[A-Za-z]{2,10}$/.test(value)) return { rule: 'validation.string' };
  return { value: value.toUpperCase() };
}

function orderId(value: unknown): Check<string> {
  if (missing(value)) return { rule: 'validation.required' };
  if (typeof value !== 'string') return { rule: 'validation.string' };
  if (value.length > 128) return { rule: 'validation.max.string' };
  return /^[A-Za-z0-9_-]+$/.test(value) ? { value } : { rule: 'validation.alpha_dash' };
}

/** Cryptomus' `url` rule, 6–255 characters; http(s) only, since the sandbox posts and redirects there. */
function optionalUrl(value: unknown): Check<string | null> {
  if (value === undefined || value === null) return { value: null };
  if (typeof value !== 'string') return { rule: 'validation.string' };
  if (value.length < 6 || value.length > 255) return { rule: 'validation.between.string' };
  const ok = URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
  return ok ? { value } : { rule: 'validation.url' };
}

function lifetime(value: unknown): Check<number> {
  if (value === undefined || value === null) return { value: DEFAULT_LIFETIME_SECONDS };
  if (typeof value !== 'number' || !Number.isInteger(value)) return { rule: 'validation.integer' };
  return value >= 300 && value <= 43200 ? { value } : { rule: 'validation.between.numeric' };
}

/** Cryptomus' default is true: an underpaid invoice then waits for the rest instead of closing. */
function paymentMultiple(value: unknown): Check<boolean> {
  if (value === undefined || value === null) return { value: true };
  return typeof value === 'boolean' ? { value } : { rule: 'validation.boolean' };
}

function additionalData(value: unknown): Check<string | null> {
  if (value === undefined || value === null) return { value: null };
  if (typeof value !== 'string') return { rule: 'validation.string' };
  return value.length <= 255 ? { value } : { rule: 'validation.max.string' };
}

export function validateInvoiceRequest(
  body: Record<string, unknown>,
): { ok: true; value: InvoiceRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  function take<T>(field: string, check: Check<T>, fallback: T): T {
    if ('value' in check) return check.value;
    errors[field] = [check.rule];
    return fallback;
  }
  const value: InvoiceRequest = {
    amountCents: take('amount', amount(body.amount), 0n),
    currency: take('currency', currency(body.currency), ''),
    orderId: take('order_id', orderId(body.order_id), ''),
    urlCallback: take('url_callback', optionalUrl(body.url_callback), null),
    urlReturn: take('url_return', optionalUrl(body.url_return), null),
    urlSuccess: take('url_success', optionalUrl(body.url_success), null),
    lifetimeSeconds: take('lifetime', lifetime(body.lifetime), 0),
    isPaymentMultiple: take('is_payment_multiple', paymentMultiple(body.is_payment_multiple), true),
    additionalData: take('additional_data', additionalData(body.additional_data), null),
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
