import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Request figures. Labels are route patterns, methods, statuses and result codes: never URLs or users. */
export interface HttpInstruments {
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  errors: Counter<'route' | 'code'>;
}

/** The route label of requests no route matched (404s): one series, whatever URL was asked for. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createHttpInstruments(registry: Registry): HttpInstruments {
  return {
    requests: new Counter({
      name: 'resiport_api_requests_total',
      help: 'Answered requests by method, route pattern and HTTP status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'resiport_api_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'resiport_api_errors_total',
      help: 'Failures answered as the envelope, by route pattern and result code; 5xx answers without one as code="none".',
      labelNames: ['route', 'code'],
      registers: [registry],
    }),
  };
}

/**
 * Counts every answered request. The route label is computed once per route (an `onResponse` hook
 * added to each route as it is declared) rather than per request (`request.routeOptions` builds an
 * object on every read); 404s, which have no route, are counted by one app-wide hook.
 * Register before any route so that every route gets its hook.
 */
export function registerHttpMetrics(app: FastifyInstance, instruments: HttpInstruments): void {
  app.addHook('onRoute', (route) => {
    const meter = new RouteMeter(instruments, route.url);
    const count: onResponseHookHandler = (request, reply, done) => {
      meter.record(request, reply);
      done();
    };
    // A new array: the options object Fastify copies for the automatic HEAD route keeps its own hooks.
    route.onResponse = [...[route.onResponse ?? []].flat(), count];
  });
  const unmatched = new RouteMeter(instruments, UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched.record(request, reply);
    done();
  });
}

type CounterChild = ReturnType<Counter['labels']>;
type HistogramChild = ReturnType<Histogram['labels']>;

/** One route's label children, made on first use, so a request costs map lookups and prom-client's increments. */
class RouteMeter {
  private readonly methods = new Map<string, MethodMeter>();
  private readonly errorsByCode = new Map<number, CounterChild>();

  constructor(
    private readonly instruments: HttpInstruments,
    private readonly route: string,
  ) {}

  record(request: FastifyRequest, reply: FastifyReply): void {
    let method = this.methods.get(request.method);
    if (method === undefined) {
      method = new MethodMeter(this.instruments, request.method, this.route);
      this.methods.set(request.method, method);
    }
    const status = reply.statusCode;
    method.record(status, reply.elapsedTime / 1000);
    // failureCode is set by the error handler; a 5xx without it came from elsewhere (e.g. the sandbox).
    const code = reply.failureCode;
    if (code !== 0 || status >= 500) this.errorsFor(code).inc();
  }

  private errorsFor(code: number): CounterChild {
    let child = this.errorsByCode.get(code);
    if (child === undefined) {
      child = this.instruments.errors.labels(this.route, code === 0 ? 'none' : String(code));
      this.errorsByCode.set(code, child);
    }
    return child;
  }
}

class MethodMeter {
  private readonly statuses = new Map<number, CounterChild>();
  private readonly duration: HistogramChild;

  constructor(
    private readonly instruments: HttpInstruments,
    private readonly method: string,
    private readonly route: string,
  ) {
    this.duration = instruments.duration.labels(method, route);
  }

  record(status: number, seconds: number): void {
    let requests = this.statuses.get(status);
    if (requests === undefined) {
      requests = this.instruments.requests.labels(this.method, this.route, String(status));
      this.statuses.set(status, requests);
    }
    requests.inc();
    this.duration.observe(seconds);
  }
}
