import type { Socket } from 'node:net';
import { ResultCode, type ValidationMessageKey } from '@resiport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { phrase, requestLang } from '../i18n/phrase';

/**
 * C0 controls (U+0000–U+001F, tab and line breaks included: no field of the API is multi-line), DEL
 * and the C1 controls (U+0080–U+009F, only ever the trace of text decoded in the wrong charset).
 * PostgreSQL refuses NUL outright, and none of them belongs in a name, remark, search or token.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Deep enough for any body of the API; deeper structures are refused by the schemas anyway. */
const MAX_DEPTH = 8;

/** The dotted path of the first string (or key) holding a control character, or undefined. */
export function controlCharacterField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path || '_' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (CONTROL_CHARACTER.test(key)) return path || '_';
    const found = controlCharacterField(record[key], path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Input hygiene for every route (decision 020): a control character in a query string, route param or
 * parsed (JSON or form) body is a 400 ValidationFailed naming the field, before any schema or handler
 * sees it. A body that is still a string is raw text a route asked for (the Cryptomus webhook checks
 * its signature over the exact bytes), so it is left to that route.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and never waits for anything.
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      controlCharacterField(request.query) ??
      controlCharacterField(request.params) ??
      (typeof request.body === 'object' ? controlCharacterField(request.body) : undefined);
    if (field === undefined) done();
    else done(validationError(request, field, 'validation.controlChars'));
  });
}

function validationError(request: FastifyRequest, field: string, key: ValidationMessageKey): AppError {
  const fields = { [field]: phrase(requestLang(request), 'validation', key) };
  // statusCode for scopes with their own error handler (the Cryptomus sandbox answers in its own format).
  return Object.assign(new AppError('ValidationFailed', {}, { fields }), { statusCode: 400 });
}

/**
 * Node's own answers for a request it could not parse (a head over `maxHeaderSize` — 16 KB by default,
 * so a URL longer than that —, a head or body that did not arrive in time, malformed HTTP) come before
 * Fastify has a request, so they are written here, still as the envelope. No language is known yet:
 * the text is English.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, key]: [number, string, ValidationMessageKey] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'validation.requestTooLarge']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'validation.requestTimeout']
        : [400, 'Bad Request', 'validation.invalid'];
  const body = JSON.stringify({
    code: ResultCode.ValidationFailed,
    msg: phrase('en-us', 'codes', 'ValidationFailed'),
    data: { fields: { _: phrase('en-us', 'validation', key) } },
  });
  // As Node does: never write a second head into an answer already under way.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && answering?.headersSent !== true) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
