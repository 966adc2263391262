import type { TrafficOwner } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../server-client';
import { ownerOfKey, SessionEpochs } from './session-epochs';

/** A server stand-in with its own clock: epochs from first use, `minutes` long, not extended by use. */
function serverAt(clock: { now: number }) {
  const sessions = new Map<string, { epoch: number; ends: number }>();
  let next = 1;
  const calls: { owner: TrafficOwner; sessionId: string; minutes: number }[] = [];
  const ask = (owner: TrafficOwner, sessionId: string, minutes: number): Promise<SessionAnswer> => {
    calls.push({ owner, sessionId, minutes });
    const key = `${owner.account_id}:${owner.subaccount_id}:${sessionId}`;
    let known = sessions.get(key);
    if (!known || known.ends <= clock.now) {
      known = { epoch: next++, ends: clock.now + minutes * 60_000 };
      sessions.set(key, known);
    }
    return Promise.resolve({ epoch: known.epoch, expires_in_ms: known.ends - clock.now });
  };
  return { ask, calls };
}

describe('session epochs (gateway side)', () => {
  it('reads owner keys back', () => {
    expect(ownerOfKey('12:34')).toEqual({ account_id: 12, subaccount_id: 34 });
    expect(ownerOfKey('12:main')).toEqual({ account_id: 12, subaccount_id: null });
  });

  it('asks once, keeps the epoch until the server said it ends, then asks again', async () => {
    const clock = { now: 1_000_000 };
    const server = serverAt(clock);
    const epochs = new SessionEpochs({ ask: server.ask, now: () => clock.now });
    const session = { id: 's1', minutes: 1 };
    const first = await epochs.epoch('1:2', session);
    clock.now += 59_999;
    expect(await epochs.epoch('1:2', session)).toBe(first);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toEqual({
      owner: { account_id: 1, subaccount_id: 2 },
      sessionId: 's1',
      minutes: 1,
    });
    clock.now += 1;
    const second = await epochs.epoch('1:2', session);
    expect(second).not.toBe(first);
    expect(server.calls).toHaveLength(2);
  });

  it('takes the remaining time from the server, measured on its own clock (skew does not matter)', async () => {
    const serverClock = { now: 5_000_000 };
    const server = serverAt(serverClock);
    const local = { now: 42 }; // a gateway whose clock is far off the server's
    const a = new SessionEpochs({ ask: server.ask, now: () => serverClock.now });
    const b = new SessionEpochs({ ask: server.ask, now: () => local.now });
    const session = { id: 'shared', minutes: 2 };
    const first = await a.epoch('1:main', session);
    serverClock.now += 90_000;
    local.now += 90_000;
    expect(await b.epoch('1:main', session)).toBe(first); // 30 s left, from b's first ask
    serverClock.now += 29_000;
    local.now += 29_000;
    expect(await b.epoch('1:main', session)).toBe(first);
    serverClock.now += 1000;
    local.now += 1000;
    expect(await b.epoch('1:main', session)).not.toBe(first);
  });

  it('shares one call between concurrent first uses in a process', async () => {
    const clock = { now: 0 };
    const server = serverAt(clock);
    const epochs = new SessionEpochs({ ask: server.ask, now: () => clock.now });
    const all = await Promise.all(
      Array.from({ length: 10 }, () => epochs.epoch('1:2', { id: 'x', minutes: 5 })),
    );
    expect(new Set(all).size).toBe(1);
    expect(server.calls).toHaveLength(1);
  });

  it('keeps a local first-use record for the session time when the server cannot be asked', async () => {
    const clock = { now: 10_000 };
    const errors: string[] = [];
    let up = false;
    const server = serverAt(clock);
    const epochs = new SessionEpochs({
      ask: (...args) => (up ? server.ask(...args) : Promise.reject(new Error('server down'))),
      now: () => clock.now,
      onError: (error) => errors.push(error.message),
    });
    const session = { id: 'off', minutes: 1 };
    const local = await epochs.epoch('1:2', session);
    expect(local).toMatch(/^local-/);
    expect(errors).toEqual(['server down']);
    up = true;
    clock.now += 59_999;
    expect(await epochs.epoch('1:2', session)).toBe(local);
    clock.now += 1;
    expect(await epochs.epoch('1:2', session)).toBe('1');
  });

  it('forgets ended sessions as new ones arrive', async () => {
    const clock = { now: 0 };
    const server = serverAt(clock);
    const epochs = new SessionEpochs({ ask: server.ask, now: () => clock.now });
    for (let i = 0; i < 1000; i++) await epochs.epoch('1:2', { id: `old${i}`, minutes: 1 });
    clock.now += 61_000;
    for (let i = 0; i < 100; i++) await epochs.epoch('1:2', { id: `new${i}`, minutes: 1 });
    expect(epochs.size).toBeLessThan(200);
  });
});
