import { encodeParams, judgeEnvelope, type RequestParams } from './api-envelope';
import { ApiError } from './api-error';
import type { Parser } from './parser';

export type HttpMethod = 'GET' | 'POST';

export interface RequestOptions<T> {
  /** GET: query parameters; POST: the form-encoded body. */
  params?: RequestParams;
  /** Parses `data` of a success; use `noData` for calls that answer `data: null`. */
  schema: Parser<T>;
  /** Toast a failure but resolve it instead of rejecting (the recharge payment check, spec §8). */
  passThroughAfterToast?: boolean;
  /** No toasts at all, for optional data whose absence the screen handles (e.g. social sign-in buttons). */
  quiet?: boolean;
  signal?: AbortSignal;
}

export interface ApiSuccess<T> {
  ok: true;
  msg: string;
  data: T;
}

/** A pass-through code (20302 go to `data.url`, 20402 balance short) or a toasted-and-passed failure. */
export interface ApiPassThrough {
  ok: false;
  code: number;
  msg: string;
  data: unknown;
}

export type ApiReply<T> = ApiSuccess<T> | ApiPassThrough;

export interface ResponseLike {
  json(): Promise<unknown>;
}

export interface ApiClientDeps {
  fetch: (url: string, init: RequestInit) => Promise<ResponseLike>;
  baseUrl: string;
  getToken: () => string | null;
  getAcceptLanguage: () => string;
  toastError: (msg: string) => void;
  /** Code 10013: forget the session and go to sign-in (spec §8). */
  onSessionExpired: () => void;
  /** Localized texts for failures that carry no server message. */
  fallbackMessage: (reason: 'network' | 'format') => string;
}

/** For calls whose success carries `data: null`. */
export const noData: Parser<null> = { parse: () => null };

/** The request wrapper of spec §8; every API call goes through one of these. */
export function createApiClient(deps: ApiClientDeps) {
  async function send(method: HttpMethod, path: string, options: RequestOptions<unknown>): Promise<unknown> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': deps.getAcceptLanguage(),
    };
    const token = deps.getToken();
    if (token) headers['JWT-TOKEN'] = token;
    const params = encodeParams(options.params);
    const query = method === 'GET' && params.size > 0 ? `?${params.toString()}` : '';
    const init: RequestInit = { method, headers, signal: options.signal };
    if (method === 'POST') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      init.body = params.toString();
    }
    let response: ResponseLike;
    try {
      response = await deps.fetch(`${deps.baseUrl}${path}${query}`, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw fail('network', options);
    }
    try {
      return await response.json();
    } catch {
      throw fail('format', options);
    }
  }

  function toast(message: string, options: RequestOptions<unknown>): void {
    if (!options.quiet) deps.toastError(message);
  }

  function fail(kind: 'network' | 'format', options: RequestOptions<unknown>): ApiError {
    const message = deps.fallbackMessage(kind);
    toast(message, options);
    return new ApiError(kind, message);
  }

  async function call<T>(method: HttpMethod, path: string, options: RequestOptions<T>): Promise<ApiReply<T>> {
    const verdict = judgeEnvelope(await send(method, path, options));
    switch (verdict.kind) {
      case 'success': {
        let data: T;
        try {
          data = options.schema.parse(verdict.data);
        } catch {
          throw fail('format', options);
        }
        return { ok: true, msg: verdict.msg, data };
      }
      case 'passThrough':
        return { ok: false, code: verdict.code, msg: verdict.msg, data: verdict.data };
      case 'sessionExpired':
        deps.onSessionExpired();
        throw new ApiError('session', verdict.msg, verdict.code, verdict.data);
      case 'failure':
        toast(verdict.msg || deps.fallbackMessage('format'), options);
        if (options.passThroughAfterToast) {
          return { ok: false, code: verdict.code, msg: verdict.msg, data: verdict.data };
        }
        throw new ApiError('server', verdict.msg, verdict.code, verdict.data);
      case 'malformed':
        throw fail('format', options);
    }
  }

  /** For calls that expect plain success: a pass-through answer rejects (untoasted) instead. */
  async function expectSuccess<T>(reply: Promise<ApiReply<T>>): Promise<ApiSuccess<T>> {
    const result = await reply;
    if (result.ok) return result;
    throw new ApiError('passThrough', result.msg, result.code, result.data);
  }

  return {
    call,
    get: <T>(path: string, options: RequestOptions<T>) => expectSuccess(call('GET', path, options)),
    post: <T>(path: string, options: RequestOptions<T>) => expectSuccess(call('POST', path, options)),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
