import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alertEndpoints, alertKinds } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { expect } from 'vitest';
import { z } from 'zod';
import type { TestApp } from './test-app';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** `/hang…` requests still open (not answered, not given up by the sender) when this one arrived. */
  hangsOpen: number;
}

/**
 * A local webhook receiver: `/ok` answers 200, `/fail` 500 (until told otherwise), `/hang…` never
 * (the sender gives up), `/hold…` once `release()` is called (at once after that).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const state = { failing: true };
  const hanging = new Set<object>();
  const held: (() => void)[] = [];
  let released = false;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
        hangsOpen: hanging.size,
      });
      if (req.url?.startsWith('/hang')) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (req.url?.startsWith('/hold')) {
        const answer = () => void res.writeHead(200).end('thanks');
        if (released) answer();
        else held.push(answer);
        return;
      }
      if (req.url === '/nul') return void res.writeHead(200).end('ok\0thanks');
      if (req.url === '/fail' && state.failing) res.writeHead(500).end('nope, try later');
      else res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  /** Answers every `/hold…` request, now and from now on. */
  const release = () => {
    released = true;
    held.splice(0).forEach((answer) => answer());
  };
  return { received, state, url, close, release };
}

/**
 * A webhook's body as decision 039 describes it, written independently of the server's code: `id`
 * (`evt_<n>`, the same on every attempt), the event's kind as `type`, its account and sub-account.
 */
const webhookEventSchema = z.object({
  id: z.string().regex(/^evt_\d+$/),
  type: z.enum(alertKinds),
  created_at: z.string(),
  account_id: z.number().int(),
  subaccount_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});

/** The event a received webhook carries, checked against its documented shape. */
export const webhookEvent = (received: Received) => webhookEventSchema.parse(JSON.parse(received.body));

/** The documented recipe, written independently of the server's code: HMAC-SHA256(secret, t.body). */
export function verifies(secret: string, header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The alert calls a customer makes, and the events the server wrote for an account. */
export function alertCalls(t: TestApp) {
  return {
    saveAlerts: async (headers: Record<string, string>, values: Record<string, string>) => {
      const answer = await t.send(alertEndpoints.update, values, { headers });
      expect(answer.code).toBe(0);
      return successData(answer).settings;
    },
    alertsOf: async (headers: Record<string, string>) =>
      successData(await t.send(alertEndpoints.get, {}, { headers })),
    events: (accountId: number) =>
      t.ctx.db
        .selectFrom('alert_events')
        .select(['kind', 'data', 'subaccount_id'])
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute(),
  };
}
