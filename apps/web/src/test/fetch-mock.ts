import { ResultCode } from '@resiport/contract';
import { API_BASE } from '../config/app';

/**
 * The network of the screens under test: `window.fetch` answered from routes registered per API
 * path (by api-mock.ts). Our own rather than MSW: MSW 3 needs Node ≥ 22.12 (it intercepts sockets
 * with Promise.withResolvers and Set#intersection), and the project runs on Node 20. Only what the
 * web's request wrapper uses is supported: a URL, a method, headers, a string body, an abort signal.
 */

export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** Answers one request; undefined when the method is not the route's (then it counts as unmocked). */
export type Route = (request: SentRequest) => Promise<Response | undefined>;

const routes = new Map<string, Route>();
const problems: string[] = [];

/** A mistake found while answering: the test fails with it once it ends (setup.ts). */
export function reportProblem(problem: string): void {
  problems.push(problem);
}

export function takeProblems(): string[] {
  return problems.splice(0);
}

/** `path` is relative to `/api`; a later route for the same path replaces the earlier one. */
export function setRoute(path: string, route: Route): void {
  routes.set(`${API_BASE}${path}`, route);
}

export function clearRoutes(): void {
  routes.clear();
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

async function answer(request: SentRequest): Promise<Response> {
  const answered = await routes.get(request.url.pathname)?.(request);
  if (answered) return answered;
  reportProblem(`Unmocked request: ${request.method} ${request.url.pathname}${request.url.search}`);
  return jsonResponse({ code: ResultCode.InternalError, msg: 'Unmocked request', data: null }, 500);
}

export function mockFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortError());
  const request: SentRequest = {
    method: (init.method ?? 'GET').toUpperCase(),
    url: new URL(input instanceof Request ? input.url : String(input), window.location.href),
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? init.body : '',
  };
  return new Promise<Response>((resolve, reject) => {
    // A query the screen no longer needs is cancelled: the wrapper must see the abort, not an answer.
    signal?.addEventListener('abort', () => reject(abortError()), { once: true });
    answer(request).then(resolve, reject);
  });
}
