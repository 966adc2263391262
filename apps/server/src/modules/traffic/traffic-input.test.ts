import {
  accountEndpoints,
  subEndpoints,
  validationDetailsSchema,
  validationMessages,
} from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subaccountCalls } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dayOf, trafficCalls } from './traffic.test-helpers';

const paths = ['changelog', 'details', 'usage'] as const;

/** Bad input to the three traffic calls: each refused the same way, in the caller's language, leaking nothing. */
describe('traffic: ranges, filters and ids that are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { customer, add, username } = subaccountCalls(() => t);
  const { get, raw } = trafficCalls(() => t);
  const today = () => dayOf(t.ctx.clock());

  it('answers an anonymous or forged caller with the session error, like every signed-in call', async () => {
    for (const path of paths) {
      expect(await get(path, {})).toMatchObject({ status: 401, code: 10013, data: null });
      expect(await get(path, {}, { 'jwt-token': 'forged.token.value' })).toMatchObject({ code: 10013 });
    }
    const csv = await raw({ format: 'csv' }, {});
    expect(csv.statusCode).toBe(401);
    expect(csv.headers['content-type']).toContain('application/json');
  });

  it.each([
    ['a month 13', { start_date: '2026-13-01' }, 'start_date', 'validation.date'],
    ['February 30', { end_date: '2026-02-30' }, 'end_date', 'validation.date'],
    ['a word', { start_date: 'yesterday' }, 'start_date', 'validation.date'],
    ['an empty date', { end_date: '' }, 'end_date', 'validation.date'],
    ['a timestamp', { start_date: '2026-11-01T00:00:00Z' }, 'start_date', 'validation.date'],
    [
      'an inverted range',
      { start_date: '2026-11-02', end_date: '2026-11-01' },
      'end_date',
      'validation.dateOrder',
    ],
    [
      '367 days',
      { start_date: '2025-01-01', end_date: '2026-01-02' },
      'start_date',
      'validation.rangeTooLong',
    ],
  ] as const)('refuses %s on every call, with the field message', async (_label, query, field, key) => {
    const { headers } = await customer();
    for (const path of paths) {
      const response = await get(path, query, headers);
      expect(response).toMatchObject({
        status: 400,
        code: 10001,
        msg: 'Please check the highlighted fields',
      });
      expect(validationDetailsSchema.parse(response.data).fields[field]).toBe(
        validationMessages['en-us'][key],
      );
    }
  });

  it('fills a missing end with today and a missing start with 30 days before the end, then checks the range', async () => {
    const { headers } = await customer();
    const ok = await get('details', { end_date: '2026-03-01' }, headers);
    expect(ok.data).toMatchObject({ start_date: '2026-01-31', end_date: '2026-03-01', granularity: 'day' });
    expect((await get('usage', {}, headers)).data).toMatchObject({
      start_date: dayOf(t.ctx.clock(), -29),
      end_date: today(),
    });
    const tooOld = await get('changelog', { start_date: dayOf(t.ctx.clock(), -366) }, headers);
    expect(tooOld).toMatchObject({ code: 10001 });
    expect(validationDetailsSchema.parse(tooOld.data).fields).toEqual({
      start_date: 'Choose a range of at most 366 days',
    });
    expect((await get('changelog', { start_date: dayOf(t.ctx.clock(), -365) }, headers)).code).toBe(0);
    const future = await get('usage', { start_date: dayOf(t.ctx.clock(), 1) }, headers);
    expect(future).toMatchObject({ code: 10001 });
    expect(validationDetailsSchema.parse(future.data).fields).toEqual({
      end_date: 'The end date must not be before the start date',
    });
  });

  it('speaks Russian to an account that chose it, for checked and filled-in ranges alike', async () => {
    const { headers } = await customer();
    expect((await t.send(accountEndpoints.setLang, { lang: 'ru' }, { headers })).code).toBe(0);
    const given = await get('details', { start_date: '2026-02-30' }, headers);
    expect(given.msg).toBe('Проверьте выделенные поля');
    expect(validationDetailsSchema.parse(given.data).fields.start_date).toBe(
      validationMessages.ru['validation.date'],
    );
    const filled = await get('usage', { start_date: dayOf(t.ctx.clock(), 3) }, headers);
    expect(validationDetailsSchema.parse(filled.data).fields.end_date).toBe(
      validationMessages.ru['validation.dateOrder'],
    );
  });

  it.each([
    ['changelog', { kind: 'withdrawal' }],
    ['changelog', { kind: 'lease' }],
    ['changelog', { kind: '' }],
    ['changelog', { subaccount_id: '-1' }],
    ['details', { subaccount_id: 'abc' }],
    ['details', { subaccount_id: '1.5' }],
    ['usage', { subaccount_id: '-3' }],
    ['details', { format: 'xml' }],
    ['details', { page: '0' }],
    ['details', { page_size: '101' }],
    ['details', { source_ip: 'x'.repeat(46) }],
  ] as const)('refuses %s with %j', async (path, query) => {
    const { headers } = await customer();
    const response = await get(path, query, headers);
    expect(response).toMatchObject({ status: 400, code: 10001 });
    expect(Object.keys(validationDetailsSchema.parse(response.data).fields)).toHaveLength(1);
  });

  it('answers another account’s, a deleted and a nonexistent sub-account id exactly alike (no leak)', async () => {
    const a = await customer(1);
    const b = await customer(1);
    const theirs = successData(await add(a.headers, { username: username('theirs'), traffic: '0.1' }));
    const gone = successData(await add(b.headers, { username: username('gone') }));
    await t.send(subEndpoints.delete, { id: String(gone.id) }, { headers: b.headers });
    for (const path of paths) {
      const answers = [];
      for (const id of [theirs.id, gone.id, 2_000_000_000]) {
        answers.push(await get(path, { subaccount_id: String(id) }, b.headers));
      }
      for (const answer of answers) {
        expect({ ...answer, headers: undefined }).toEqual({ ...answers[2], headers: undefined });
        expect(answer).toMatchObject({ status: 404, code: 10009, msg: 'Not found', data: null });
      }
    }
  });

  it('never exports another account’s sub-account as CSV: the same 10009 envelope, no file', async () => {
    const a = await customer(1);
    const b = await customer(1);
    const theirs = successData(await add(a.headers, { username: username('csvtheirs') }));
    const response = await raw({ format: 'csv', subaccount_id: String(theirs.id) }, b.headers);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ code: 10009, msg: 'Not found', data: null });
  });
});
