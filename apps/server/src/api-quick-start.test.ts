import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints, apiQuickStart, envelopeSchema, subEndpoints } from '@resiport/contract';
import { createTestApp, customerWithSub, type TestApp } from '../test/testing';
import { successData } from '@resiport/testkit';
import { z } from 'zod';

/**
 * The API quick start of account settings (docs/product.md#developer-api), run as printed: curl through a real socket, the
 * customer's developer token in $RESIPORT_TOKEN, the new sub-account's id in $SUB_ID.
 */

const envelope = envelopeSchema(z.unknown());

/** The envelope curl printed; a success's `data` is read through its endpoint's response schema. */
function sh(command: string, env: Record<string, string>) {
  return new Promise<z.infer<typeof envelope>>((resolve, reject) => {
    execFile(
      'sh',
      ['-c', command],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${command}: ${error.message}\n${stderr}`))
          : resolve(envelope.parse(JSON.parse(stdout))),
    );
  });
}

describe('the API quick start, run with curl', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists, creates a sub-account with 1 GB, and moves 0.5 GB to it once, however often it is sent', async () => {
    const customer = await customerWithSub(t, { mainGb: 5, subGb: 0.25 });
    const generated = await t.send(accountEndpoints.genToken, {}, { headers: customer.headers });
    const env = { RESIPORT_TOKEN: successData(generated).api_token };
    const steps = Object.fromEntries(
      apiQuickStart(`${t.config.publicUrl}/api`).map(({ step, command }) => [step, command]),
    );
    expect(steps.token).toBe('export RESIPORT_TOKEN=your-api-token');

    const listed = await sh(steps.list ?? '', env);
    expect(listed).toMatchObject({ code: 0, data: { total: 1 } });

    const created = await sh(steps.create ?? '', env);
    expect(created).toMatchObject({ code: 0, data: { username: 'scraper000001' } });
    const subId = String(subEndpoints.add.response.parse(created.data).id);

    const moved = await sh(steps.allocate ?? '', { ...env, SUB_ID: subId });
    expect(moved.code).toBe(0);
    const mainLeft = subEndpoints.traffic.response.parse(moved.data).main_traffic_left_bytes;
    // 5 GB − 0.25 − 1 − 0.5, in bytes.
    expect(mainLeft).toBe(3_250_000_000);
    const again = await sh(steps.allocate ?? '', { ...env, SUB_ID: subId });
    expect(subEndpoints.traffic.response.parse(again.data).main_traffic_left_bytes).toBe(mainLeft);
  });

  it('answers a wrong token with the envelope’s code, not a page', async () => {
    const steps = apiQuickStart(`${t.config.publicUrl}/api`);
    const answer = await sh(steps.find((s) => s.step === 'list')?.command ?? '', {
      RESIPORT_TOKEN: 'rp_wrong',
    });
    expect(answer.code).not.toBe(0);
    expect(answer.msg.length).toBeGreaterThan(0);
  });
});
