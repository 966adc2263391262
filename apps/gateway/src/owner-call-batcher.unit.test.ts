import { describe, expect, it } from 'vitest';
import { OwnerCallBatcher } from './owner-call-batcher';

interface LeaseWish {
  owner: { account_id: number; subaccount_id: number | null };
  wantBytes: number;
}

const owner = (account_id: number, subaccount_id: number | null = null) => ({ account_id, subaccount_id });

/** A server whose answers the test releases by hand, recording every call. */
function heldServer() {
  const calls: { wishes: LeaseWish[]; answer: (fail?: Error) => void }[] = [];
  const send = (wishes: LeaseWish[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        wishes,
        answer: (fail) =>
          fail ? reject(fail) : resolve(wishes.map((w) => `${w.owner.account_id}:${w.wantBytes}`)),
      });
    });
  return { calls, send };
}
/** Lets answers and the batcher's scheduled sends run (each takes a turn of the event loop). */
const turn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('owner call batcher', () => {
  it('sends what is asked in one turn as one call, and answers each its own', async () => {
    const server = heldServer();
    const batcher = new OwnerCallBatcher<LeaseWish, string>(server.send, { maxBatch: 10, maxInFlight: 2 });
    const answers = [
      batcher.ask({ owner: owner(1), wantBytes: 5 }),
      batcher.ask({ owner: owner(2), wantBytes: 6 }),
      batcher.ask({ owner: owner(2, 9), wantBytes: 7 }),
    ];
    await turn();
    expect(server.calls.map((c) => c.wishes.length)).toEqual([3]);
    server.calls[0]?.answer();
    expect(await Promise.all(answers)).toEqual(['1:5', '2:6', '2:7']);
  });

  it('keeps at most maxInFlight calls out; the rest leave together when one comes back', async () => {
    const server = heldServer();
    const batcher = new OwnerCallBatcher<LeaseWish, string>(server.send, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.ask({ owner: owner(1), wantBytes: 1 });
    await turn();
    const later = [2, 3, 4].map((id) => batcher.ask({ owner: owner(id), wantBytes: id }));
    await turn();
    expect(server.calls).toHaveLength(1);
    expect(batcher.waiting).toBe(3);
    server.calls[0]?.answer();
    await first;
    await turn();
    expect(server.calls.map((c) => c.wishes.map((w) => w.owner.account_id))).toEqual([[1], [2, 3, 4]]);
    server.calls[1]?.answer();
    expect(await Promise.all(later)).toEqual(['2:2', '3:3', '4:4']);
  });

  it('splits at maxBatch and never names an owner twice in one call', async () => {
    const server = heldServer();
    const batcher = new OwnerCallBatcher<LeaseWish, string>(server.send, { maxBatch: 2, maxInFlight: 3 });
    const asked = [
      batcher.ask({ owner: owner(1), wantBytes: 1 }),
      batcher.ask({ owner: owner(1), wantBytes: 2 }),
      batcher.ask({ owner: owner(2), wantBytes: 3 }),
      batcher.ask({ owner: owner(3), wantBytes: 4 }),
    ];
    await turn();
    expect(server.calls.map((c) => c.wishes.map((w) => `${w.owner.account_id}:${w.wantBytes}`))).toEqual([
      ['1:1', '2:3'],
      ['1:2', '3:4'],
    ]);
    for (const call of server.calls) call.answer();
    expect(await Promise.all(asked)).toEqual(['1:1', '1:2', '2:3', '3:4']);
  });

  it('fails every renewal of a failed call, and of a call answered with the wrong count', async () => {
    const server = heldServer();
    const batcher = new OwnerCallBatcher<LeaseWish, string>(server.send, { maxBatch: 10, maxInFlight: 1 });
    const failed = [
      batcher.ask({ owner: owner(1), wantBytes: 1 }),
      batcher.ask({ owner: owner(2), wantBytes: 1 }),
    ];
    await turn();
    server.calls[0]?.answer(new Error('server down'));
    for (const renewal of failed) await expect(renewal).rejects.toThrow('server down');

    const short = new OwnerCallBatcher<LeaseWish, string>(async () => ['only one'], {
      maxBatch: 10,
      maxInFlight: 1,
    });
    const both = [short.ask({ owner: owner(1), wantBytes: 1 }), short.ask({ owner: owner(2), wantBytes: 1 })];
    for (const renewal of both) await expect(renewal).rejects.toThrow(/different number/);
    // The batcher goes on after a failure.
    const again = batcher.ask({ owner: owner(3), wantBytes: 2 });
    await turn();
    server.calls[1]?.answer();
    expect(await again).toBe('3:2');
  });
});
