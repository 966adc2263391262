import { CryptomusError, providerMessage } from './cryptomus-error';
import { centsToDecimal } from './money';
import { paymentResponseSchema, toCryptomusPayment, type CryptomusPayment } from './payment-object';
import { signRequest } from './signature';

const DEFAULT_TIMEOUT_MS = 10_000;

export interface CryptomusClientOptions {
  /** `https://api.cryptomus.com`, or the sandbox `…/sandbox/cryptomus`; no trailing `/v1`. */
  baseUrl: string;
  merchantId: string;
  /** The *payment* API key (invoices and payment webhooks use it; payouts have their own). */
  paymentKey: string;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CreateInvoiceInput {
  /** Our idempotency key: Cryptomus returns the existing invoice for a repeated order_id. */
  orderId: string;
  amountCents: bigint | number;
  currency: 'USD';
  urlCallback: string;
  urlReturn: string;
  urlSuccess: string;
  lifetimeSeconds: number;
  /** Echoed back in webhooks; ≤ 255 characters. */
  additionalData?: string;
}

export type PaymentLookup = { uuid: string } | { orderId: string };

export interface CryptomusClient {
  createInvoice(input: CreateInvoiceInput): Promise<CryptomusPayment>;
  paymentInfo(lookup: PaymentLookup): Promise<CryptomusPayment>;
}

/** The merchant API calls we use: create an invoice, and read one back (Cryptomus API docs, doc.cryptomus.com: payment creation and payment information). */
export function createCryptomusClient(options: CryptomusClientOptions): CryptomusClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(path: string, body: Record<string, unknown>): Promise<CryptomusPayment> {
    // Sign the very string we send: re-encoding it anywhere in between is what breaks signatures.
    const json = JSON.stringify(body);
    const response = await send(fetchImpl, `${baseUrl}${path}`, timeoutMs, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        merchant: options.merchantId,
        sign: signRequest(json, options.paymentKey),
      },
      body: json,
    });
    const payload = parseJson(response.text, response.status, path);
    const parsed = paymentResponseSchema.safeParse(payload);
    if (response.status !== 200 || !parsed.success) {
      // The SDK's rule: HTTP ≠ 200 or state ≠ 0 is a failure, described by `message`/`errors`.
      const { message, errors } = providerMessage(payload);
      if (response.status !== 200 || message !== undefined) {
        const kind = response.status === 200 ? 'api' : 'http';
        throw new CryptomusError(kind, message ?? `HTTP ${response.status}`, response.status, errors);
      }
      throw new CryptomusError('invalid_response', `unexpected ${path} response`, response.status);
    }
    try {
      return toCryptomusPayment(parsed.data.result);
    } catch (error) {
      throw new CryptomusError('invalid_response', `${path}: ${(error as Error).message}`, 200);
    }
  }

  return {
    createInvoice: async (input) =>
      call('/v1/payment', {
        amount: centsToDecimal(input.amountCents),
        currency: input.currency,
        order_id: input.orderId,
        url_callback: input.urlCallback,
        url_return: input.urlReturn,
        url_success: input.urlSuccess,
        lifetime: input.lifetimeSeconds,
        is_payment_multiple: false,
        ...(input.additionalData === undefined ? {} : { additional_data: input.additionalData }),
      }),
    paymentInfo: async (lookup) =>
      call('/v1/payment/info', 'uuid' in lookup ? { uuid: lookup.uuid } : { order_id: lookup.orderId }),
  };
}

/** One POST with its body read inside the same timeout; every failure becomes a CryptomusError. */
async function send(
  fetchImpl: typeof fetch,
  url: string,
  timeoutMs: number,
  init: RequestInit,
): Promise<{ status: number; text: string }> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const { name, message, cause } = error as {
      name?: unknown;
      message?: unknown;
      cause?: { code?: unknown };
    };
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new CryptomusError('timeout', `no answer within ${timeoutMs} ms`);
    }
    // Only the error's message and errno code: never the request, whose headers carry the sign.
    const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
    throw new CryptomusError('network', `request failed: ${String(message)}${code}`);
  }
}

function parseJson(text: string, status: number, path: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CryptomusError('invalid_response', `${path}: HTTP ${status}, not JSON`, status);
  }
}
