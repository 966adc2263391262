/** Why a Cryptomus call failed; `api` and `http` carry the provider's own message. */
export type CryptomusErrorKind = 'http' | 'api' | 'network' | 'timeout' | 'invalid_response';

/**
 * A failed Cryptomus call. The message never contains the API key or a `sign`, so it can be logged
 * as is; `errors` holds the per-field validation messages of a 422.
 */
export class CryptomusError extends Error {
  constructor(
    readonly kind: CryptomusErrorKind,
    message: string,
    readonly httpStatus?: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'CryptomusError';
  }
}

/** The official SDK's rule: prefer `message`, else list `errors` (`field: a, b; field2: c`). */
export function providerMessage(body: unknown): { message?: string; errors?: Record<string, string[]> } {
  if (typeof body !== 'object' || body === null) return {};
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const fieldErrors = isFieldErrors(errors) ? errors : undefined;
  if (typeof message === 'string' && message !== '') return { message, errors: fieldErrors };
  if (!fieldErrors) return {};
  const listed = Object.entries(fieldErrors).map(([field, list]) => `${field}: ${list.join(', ')}`);
  return { message: listed.join('; '), errors: fieldErrors };
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'))
  );
}
