import { ResultCode } from '@resiport/contract';

/**
 * Why a call did not resolve: the server said no (`server`), the session ended (`session`, code
 * 10013), the network failed, the answer was not the envelope we expect (`format`), or a
 * pass-through code reached a caller that did not ask for it (`passThrough`).
 */
export type ApiFailureKind = 'server' | 'session' | 'network' | 'format' | 'passThrough';

export class ApiError extends Error {
  readonly kind: ApiFailureKind;
  /** The envelope's code; null when no envelope arrived. */
  readonly code: number | null;
  readonly data: unknown;

  constructor(kind: ApiFailureKind, message: string, code: number | null = null, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.data = data;
  }

  /** `data.fields` of a ValidationFailed answer: one localized message per failing field. */
  get fieldErrors(): Record<string, string> {
    if (this.code !== ResultCode.ValidationFailed) return {};
    const fields = isRecord(this.data) ? this.data.fields : undefined;
    if (!isRecord(fields)) return {};
    const result: Record<string, string> = {};
    for (const [name, message] of Object.entries(fields)) {
      if (typeof message === 'string') result[name] = message;
    }
    return result;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the server answered with this catalogue code. */
export function hasCode(error: unknown, code: number): boolean {
  return isApiError(error) && error.code === code;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
