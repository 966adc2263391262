import type { TestApp } from '@resiport/server/testing';
import { endpointClient, type ApiTransport, type EndpointClient } from '@resiport/testkit';

/** The server of this process, reached through Fastify's `inject` (no socket, as the tests always did). */
function injectTransport(t: TestApp): ApiTransport {
  return async ({ method, url, headers, body }) => {
    const response = await t.app.inject({ method, url, headers, payload: body });
    return { status: response.statusCode, body: response.json() };
  };
}

/** The API of a test app, called by endpoint objects (headers per call: the customer's token). */
export function serverApi(t: TestApp): EndpointClient {
  return endpointClient(injectTransport(t));
}
