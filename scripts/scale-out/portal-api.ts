import type { Endpoint, EndpointInput, EndpointReplyData, PassThroughCode } from '@resiport/contract';
import { endpointClient, passThroughData, type EndpointClient } from '@resiport/testkit';
import { UPSTREAM_HEADER } from './nginx';

/**
 * The API as the web app calls it (the contract's endpoint objects, form-encoded bodies, the
 * `JWT-TOKEN` header, the `{code,msg,data}` envelope), always through nginx. Remembers which API
 * process answered each call, so the run can show that both served customers and that a restarted
 * one is back in rotation.
 */
export class PortalApi {
  token: string | undefined;
  /** How many calls each API process (`127.0.0.1:port`) answered. */
  readonly answeredBy = new Map<string, number>();
  private readonly client: EndpointClient;

  constructor(readonly baseUrl: string) {
    this.client = endpointClient(async ({ method, url, headers, body }) => {
      const token: Record<string, string> = this.token === undefined ? {} : { 'jwt-token': this.token };
      const response = await fetch(`${this.baseUrl}${url}`, {
        method,
        headers: { ...headers, ...token },
        body,
      });
      this.noteUpstream(response);
      if (!response.headers.get('content-type')?.includes('application/json')) {
        throw new Error(`${method} ${url}: HTTP ${response.status} without a JSON envelope`);
      }
      return { status: response.status, body: await response.json() };
    });
  }

  /** A call that must succeed (code 0); its data, checked against the contract. */
  expect<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointReplyData<E>> {
    return this.client.data(endpoint, input);
  }

  /** A call that must answer the pass-through `code` (e.g. 20302 go to payment); its data. */
  async expectPassThrough<
    E extends Endpoint,
    C extends PassThroughCode & keyof NonNullable<E['passThrough']>,
  >(endpoint: E, input: EndpointInput<E>, code: C) {
    return passThroughData(endpoint, code, await this.client.call(endpoint, input));
  }

  /** Counts the last API process nginx tried for this response (a retried request names both). */
  noteUpstream(response: Response): void {
    const tried = response.headers.get(UPSTREAM_HEADER)?.split(',').at(-1)?.trim();
    if (tried) this.answeredBy.set(tried, (this.answeredBy.get(tried) ?? 0) + 1);
  }
}
