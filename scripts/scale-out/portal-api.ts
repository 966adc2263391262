import { UPSTREAM_HEADER } from './nginx';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * The API as the web app calls it (form-encoded bodies, the `JWT-TOKEN` header, the `{code,msg,data}`
 * envelope), always through nginx. Remembers which API process answered each call, so the run can
 * show that both served customers and that a restarted one is back in rotation.
 */
export class PortalApi {
  token: string | undefined;
  /** How many calls each API process (`127.0.0.1:port`) answered. */
  readonly answeredBy = new Map<string, number>();

  constructor(readonly baseUrl: string) {}

  async call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    values: Record<string, string> = {},
  ): Promise<Envelope<T>> {
    const query =
      method === 'GET' && Object.keys(values).length > 0 ? `?${String(new URLSearchParams(values))}` : '';
    const response = await fetch(`${this.baseUrl}/api${path}${query}`, {
      method,
      headers: this.token === undefined ? {} : { 'jwt-token': this.token },
      ...(method === 'POST' ? { body: new URLSearchParams(values) } : {}),
    });
    this.noteUpstream(response);
    if (!response.headers.get('content-type')?.includes('application/json')) {
      throw new Error(`${method} ${path}: HTTP ${response.status} without a JSON envelope`);
    }
    return (await response.json()) as Envelope<T>;
  }

  /** A call that must succeed (code 0, or `expectCode`); its data. */
  async expect<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    values: Record<string, string> = {},
    expectCode = 0,
  ): Promise<T> {
    const answer = await this.call<T>(method, path, values);
    if (answer.code !== expectCode) {
      throw new Error(`${method} ${path}: code ${answer.code} (${answer.msg}), expected ${expectCode}`);
    }
    return answer.data;
  }

  /** Counts the last API process nginx tried for this response (a retried request names both). */
  noteUpstream(response: Response): void {
    const tried = response.headers.get(UPSTREAM_HEADER)?.split(',').at(-1)?.trim();
    if (tried) this.answeredBy.set(tried, (this.answeredBy.get(tried) ?? 0) + 1);
  }
}
