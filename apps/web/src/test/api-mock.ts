import {
  clientMethodOf,
  httpStatusOf,
  ResultCode,
  type Endpoint,
  type EndpointParsedInput,
  type EndpointPassThroughData,
  type EndpointReplyData,
  type ResultCodeName,
} from '@resiport/contract';
import { jsonResponse, reportProblem, setRoute, type SentRequest } from './fetch-mock';

/**
 * The API as the screens under test see it, built from the contract's endpoint objects: a test
 * says what an endpoint answers; each request is checked against the endpoint (method, session
 * header, and the real query or form body parsed with the endpoint's request schema, so a screen
 * sending what the server would refuse fails its test); the answer is typed by the endpoint's
 * response and wrapped in the `{code, msg, data}` envelope. Requests nobody mocked fail the test.
 */

/** A refusal or a pass-through code: what an endpoint answers instead of success. */
class CodedAnswer {
  constructor(
    readonly name: ResultCodeName,
    readonly msg: string,
    readonly data: unknown,
  ) {}
}

/** A failure envelope with the server's HTTP status, e.g. `refuse('WhitelistFull', 'The list is full')`. */
export function refuse(name: ResultCodeName, msg: string, data: unknown = null): CodedAnswer {
  return new CodedAnswer(name, msg, data);
}

type PassThroughName<E extends Endpoint> = keyof NonNullable<E['passThrough']> & ResultCodeName;

/** One of the endpoint's pass-through answers (20302 to the checkout, 20402 balance short), typed by its schema. */
export function passThrough<E extends Endpoint, C extends PassThroughName<E>>(
  _endpoint: E,
  name: C,
  data: EndpointPassThroughData<E, C>,
  msg = '',
): CodedAnswer {
  return new CodedAnswer(name, msg, data);
}

export type MockAnswer<E extends Endpoint> = EndpointReplyData<E> | CodedAnswer;
/** `call` counts from 1, for an endpoint that answers differently the second time. */
export type MockHandler<E extends Endpoint> = (
  input: EndpointParsedInput<E>,
  call: number,
) => MockAnswer<E> | Promise<MockAnswer<E>>;

/** What the screen sent to one mocked endpoint, call by call. */
export interface EndpointCalls<E extends Endpoint> {
  /** Each request as the server reads it (after the endpoint's request schema). */
  readonly inputs: EndpointParsedInput<E>[];
  /** Each request's fields as they went over the wire (query or form body). */
  readonly sent: Record<string, string>[];
}

const sessionHeader = 'JWT-TOKEN';

function fieldsOf(request: SentRequest): Record<string, string> {
  const params = request.method === 'GET' ? request.url.searchParams : new URLSearchParams(request.body);
  return Object.fromEntries(params);
}

function envelope(endpoint: Endpoint, answer: unknown): Response {
  if (answer instanceof CodedAnswer) {
    const { name, msg, data } = answer;
    return jsonResponse({ code: ResultCode[name], msg, data }, httpStatusOf[name]);
  }
  // A fixture the real server could not send would only make the screen fail in an obscure way.
  const checked = endpoint.response.safeParse(answer);
  if (!checked.success) {
    reportProblem(
      `The answer mocked for ${endpoint.path} does not fit its response: ${checked.error.message}`,
    );
  }
  return jsonResponse({ code: ResultCode.Success, msg: '', data: answer ?? null });
}

/** Answer data is plain JSON, never a function. */
function isHandler<E extends Endpoint>(answer: MockAnswer<E> | MockHandler<E>): answer is MockHandler<E> {
  return typeof answer === 'function';
}

/** The methods the server takes for the endpoint: GET+POST endpoints take both. */
function acceptedMethods(endpoint: Endpoint): string[] {
  return endpoint.method === 'GET+POST' ? ['GET', 'POST'] : [clientMethodOf(endpoint)];
}

/**
 * Answers `endpoint` with `answer` (its data, `refuse(…)` or `passThrough(…)`), or with what
 * `answer` returns for each request. A later mock of the same endpoint replaces an earlier one.
 */
export function mockEndpoint<E extends Endpoint>(
  endpoint: E,
  answer: MockAnswer<E> | MockHandler<E>,
): EndpointCalls<E> {
  const calls: EndpointCalls<E> = { inputs: [], sent: [] };
  const methods = acceptedMethods(endpoint);
  setRoute(endpoint.path, async (request) => {
    if (!methods.includes(request.method)) return undefined;
    if (endpoint.auth !== 'public' && !request.headers.has(sessionHeader)) {
      reportProblem(`${request.method} ${endpoint.path} was sent without the ${sessionHeader} header`);
    }
    const fields = fieldsOf(request);
    const parsed = endpoint.request.safeParse(fields);
    if (!parsed.success) {
      reportProblem(
        `${endpoint.path} got ${JSON.stringify(fields)}, which the server refuses: ${parsed.error.message}`,
      );
      return envelope(endpoint, refuse('ValidationFailed', 'Invalid request'));
    }
    const input = parsed.data as EndpointParsedInput<E>;
    calls.inputs.push(input);
    calls.sent.push(fields);
    const answered = isHandler(answer) ? await answer(input, calls.inputs.length) : answer;
    return envelope(endpoint, answered);
  });
  return calls;
}

/** An answer that never comes, for what a screen shows while it waits. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}
