import { type EndpointInput, INTERNAL_SECRET_HEADER, internalGatewayEndpoints } from '@resiport/contract';
import { apiUrl, successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayCall } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** `POST /internal/gateway/session`: one epoch per owner and session, from first use, for `minutes`. */
describe('sticky session epochs for gateway processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (body: unknown, secret = t.ctx.internalSecret) =>
    t.call({
      method: 'POST',
      url: apiUrl(internalGatewayEndpoints.session),
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', [INTERNAL_SECRET_HEADER]: secret },
    });
  const epochOf = async (body: EndpointInput<typeof internalGatewayEndpoints.session>) =>
    successData(await gatewayCall(t, internalGatewayEndpoints.session, body));
  /** The clock is the real one plus the moves, so a few ms pass between calls. */
  const remains = (answer: { expires_in_ms: number }, ms: number) => {
    expect(answer.expires_in_ms).toBeLessThanOrEqual(ms);
    expect(answer.expires_in_ms).toBeGreaterThan(ms - 5000);
  };
  let serial = 0;
  const session = (minutes = 1, owner = { account_id: 7, subaccount_id: 70 }) => ({
    ...owner,
    session_id: `s${++serial}`,
    minutes,
  });

  it('keeps one epoch from the first use for the whole lifetime, not extended by use, then starts a new one', async () => {
    const s = session(1);
    const first = await epochOf(s);
    remains(first, 60_000);
    t.advanceClock(30);
    const middle = await epochOf(s);
    expect(middle.epoch).toBe(first.epoch);
    remains(middle, 30_000);
    t.advanceClock(29);
    const end = await epochOf(s);
    expect(end.epoch).toBe(first.epoch);
    remains(end, 1000);
    t.advanceClock(1);
    const next = await epochOf(s);
    expect(next.epoch).not.toBe(first.epoch);
    remains(next, 60_000);
  });

  it('keeps the lifetime the epoch started with when a later use asks another sesstime', async () => {
    const s = session(10);
    const first = await epochOf(s);
    t.advanceClock(60);
    for (const minutes of [1, 120]) {
      const later = await epochOf({ ...s, minutes });
      expect(later.epoch).toBe(first.epoch);
      remains(later, 540_000);
    }
  });

  it('separates owners and session ids (main account included), case-sensitively', async () => {
    const s = session(5);
    const base = await epochOf(s);
    const others = [
      { ...s, subaccount_id: 71 },
      { ...s, account_id: 8 },
      { ...s, subaccount_id: null },
      { ...s, session_id: s.session_id.toUpperCase() },
    ];
    const epochs = new Set([base.epoch]);
    for (const other of others) epochs.add((await epochOf(other)).epoch);
    expect(epochs.size).toBe(5);
    remains(await epochOf({ ...s, subaccount_id: null }), 300_000);
  });

  it('gives concurrent first uses one epoch', async () => {
    const s = session(3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => epochOf(s)));
    expect(new Set(answers.map((a) => a.epoch)).size).toBe(1);
  });

  it('prunes ended sessions, and a pruned session starts an epoch never used before', async () => {
    const s = session(1);
    const first = await epochOf(s);
    t.advanceClock(120);
    const count = async () =>
      (await t.ctx.db.selectFrom('proxy_sessions').select('session_id').execute()).length;
    const before = await count();
    await epochOf(session(1)); // a call more than a minute after the last prune prunes
    expect(await count()).toBeLessThan(before + 1);
    const row = await t.ctx.db
      .selectFrom('proxy_sessions')
      .select('epoch')
      .where('session_id', '=', s.session_id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await epochOf(s)).epoch).toBeGreaterThan(first.epoch);
  });

  it('refuses bad input and calls without the internal secret', async () => {
    const good = session(1);
    for (const bad of [
      { ...good, session_id: '' },
      { ...good, session_id: 'has-dash' },
      { ...good, session_id: 'x'.repeat(33) },
      { ...good, minutes: 0 },
      { ...good, minutes: 121 },
      { ...good, minutes: 1.5 },
      { ...good, account_id: 0 },
      { ...good, subaccount_id: 'x' },
      { session_id: 'a', minutes: 1 },
    ]) {
      expect((await ask(bad)).code).toBe(10001);
    }
    expect((await ask(good, 'wrong')).status).toBe(403);
    expect((await ask(good, '')).status).toBe(403);
  });
});
