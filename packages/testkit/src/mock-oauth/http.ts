import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockResponse } from './types';

const MAX_BODY_BYTES = 64 * 1024;

/** The request body as text; refuses bodies larger than any real token request. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function send(response: ServerResponse, reply: MockResponse): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.json === undefined) {
    response.writeHead(reply.status, headers).end();
    return;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  response.writeHead(reply.status, headers).end(JSON.stringify(reply.json));
}
