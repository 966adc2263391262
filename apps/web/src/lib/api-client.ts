import {
  clientMethodOf,
  ResultCode,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  type Link,
  type LinkInput,
  type PassThroughCode,
} from '@resiport/contract';
import { encodeParams, judgeEnvelope, linkPath, withQuery } from './api-envelope';
import { ApiError } from './api-error';
import type { ApiClientDeps, CallOptions, LinkOptions, ResponseLike } from './api-options';
import type { ApiPassThrough, ApiReply, ApiReplyOrRefusal, ApiSuccess } from './api-reply';
import type { Parser } from './parser';

type RequestOptions = Pick<CallOptions, 'quiet' | 'signal'>;

const passThroughNames: readonly PassThroughCode[] = ['GoToPayment', 'PaymentRequired', 'TwoFactorRequired'];

/** The schema of a pass-through code the endpoint declares; undefined for any other code. */
function declaredSchema(endpoint: Endpoint, code: number): Parser<unknown> | undefined {
  const name = passThroughNames.find((candidate) => ResultCode[candidate] === code);
  return name === undefined ? undefined : endpoint.passThrough?.[name];
}

/**
 * The request wrapper of docs/product.md#request-wrapper: every API call goes through one of these, by its endpoint
 * object (method, path, request and response from the contract).
 */
export function createApiClient<R extends ResponseLike>(deps: ApiClientDeps<R>) {
  function toast(message: string, options: RequestOptions): void {
    if (!options.quiet) deps.toastError(message);
  }

  function fail(kind: 'network' | 'format', options: RequestOptions): ApiError {
    const message = deps.fallbackMessage(kind);
    toast(message, options);
    return new ApiError(kind, message);
  }

  /** Sends with the session and language headers; a network failure is toasted and rejects. */
  async function request(
    method: 'GET' | 'POST',
    path: string,
    params: URLSearchParams,
    options: RequestOptions & { accept: string },
  ): Promise<R> {
    const headers: Record<string, string> = {
      Accept: options.accept,
      'Accept-Language': deps.getAcceptLanguage(),
    };
    const token = deps.getToken();
    if (token) headers['JWT-TOKEN'] = token;
    const init: RequestInit = { method, headers, signal: options.signal };
    if (method === 'POST') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      init.body = params.toString();
    }
    const url = `${deps.baseUrl}${method === 'GET' ? withQuery(path, params) : path}`;
    try {
      return await deps.fetch(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw fail('network', options);
    }
  }

  function parseOrFail(schema: Parser<unknown>, data: unknown, options: RequestOptions): unknown {
    try {
      return schema.parse(data);
    } catch {
      throw fail('format', options);
    }
  }

  /** `takesPassThrough`: the caller acts on the endpoint's pass-through answers (`call`, not `send`). */
  async function exchange(
    endpoint: Endpoint,
    input: unknown,
    options: CallOptions,
    takesPassThrough: boolean,
  ): Promise<ApiSuccess<unknown> | ApiPassThrough> {
    const method = clientMethodOf(endpoint);
    const response = await request(method, endpoint.path, encodeParams(input), {
      ...options,
      accept: 'application/json',
    });
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw fail('format', options);
    }
    const verdict = judgeEnvelope(body);
    switch (verdict.kind) {
      case 'success':
        return { ok: true, msg: verdict.msg, data: parseOrFail(endpoint.response, verdict.data, options) };
      case 'passThrough': {
        const schema = takesPassThrough ? declaredSchema(endpoint, verdict.code) : undefined;
        // Not one this caller acts on (or the endpoint does not declare it): reject, untoasted.
        if (!schema) throw new ApiError('passThrough', verdict.msg, verdict.code, verdict.data);
        const data = parseOrFail(schema, verdict.data, options);
        return { ok: false, code: verdict.code, msg: verdict.msg, data };
      }
      case 'sessionExpired':
        deps.onSessionExpired(verdict.msg);
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

  /** Success or one of the endpoint's pass-through answers (parsed by its schema); anything else rejects. */
  function call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options: CallOptions & { passThroughAfterToast: true },
  ): Promise<ApiReplyOrRefusal<E>>;
  function call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<ApiReply<E>>;
  function call(endpoint: Endpoint, input: unknown, options: CallOptions = {}) {
    return exchange(endpoint, input, options, true);
  }

  /** For calls that expect plain success: a pass-through answer rejects (untoasted) instead. */
  function send<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<ApiSuccess<EndpointData<E>>>;
  async function send(endpoint: Endpoint, input: unknown, options: CallOptions = {}) {
    const reply = await exchange(endpoint, input, options, false);
    if (reply.ok) return reply;
    throw new ApiError('passThrough', reply.msg, reply.code, reply.data);
  }

  /**
   * A link fetched with the session (a plain navigation could not send JWT-TOKEN), e.g. the CSV
   * download: the raw response, for the caller to read as the file or the envelope of a refusal.
   */
  function fetchLink<L extends Link>(link: L, input: LinkInput<L>, options: LinkOptions): Promise<R> {
    return request(link.method, link.path, encodeParams(input), options);
  }

  /** Where the browser goes for a link it follows itself (the OAuth start): base, path and query. */
  function linkUrl<L extends Link>(link: L, input: LinkInput<L>): string {
    return `${deps.baseUrl}${linkPath(link, input)}`;
  }

  return { call, send, fetchLink, linkUrl };
}
