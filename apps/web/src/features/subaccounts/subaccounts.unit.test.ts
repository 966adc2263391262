import {
  NO_SUB_LIMITS,
  NO_SUB_REFILL,
  proxyPasswordSchema,
  ResultCode,
  subTrafficBody,
  type SubAccount,
} from '@resiport/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { serverFieldErrors } from '../../lib/form-errors';
import { GENERATED_PASSWORD_ALPHABET, generateProxyPassword } from './proxy-password';
import { editSubHref } from '../../config/paths';
import { credentialsOf, deleteReturns, subIdOf } from './sub-account-text';
import { addSubFieldByCode, addSubFields, trafficFieldByCode, trafficFields } from './sub-codes';
import { checkTrafficAmount, exactGbText, normalizeGbText, trafficMaxFor } from './traffic-amount';
import { moveAttemptFor, moveKeyOf } from './traffic-move';

const GB = 1_000_000_000;

const sub: SubAccount = {
  id: 7,
  username: 'teamalpha2024',
  password: 'Qw3rTy9uIo0pAs1d',
  remark: 'scraper',
  allocated_bytes: 5 * GB,
  traffic_left_bytes: 3_456_789_012,
  traffic_used_bytes: 1_543_210_988,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  ...NO_SUB_LIMITS,
  ...NO_SUB_REFILL,
  alert_percents: null,
};

describe('traffic amounts in GB', () => {
  it('reads up to nine decimals as exact bytes, a decimal comma as a point', () => {
    expect(checkTrafficAmount('2', 10 * GB)).toEqual({ ok: true, bytes: 2 * GB, text: '2' });
    expect(checkTrafficAmount(' 0.5 ', 10 * GB)).toEqual({ ok: true, bytes: GB / 2, text: '0.5' });
    expect(checkTrafficAmount('0,25', 10 * GB)).toEqual({ ok: true, bytes: GB / 4, text: '0.25' });
    expect(checkTrafficAmount('0.000000001', 10 * GB)).toEqual({ ok: true, bytes: 1, text: '0.000000001' });
  });

  it('names what is wrong', () => {
    expect(checkTrafficAmount('', GB)).toEqual({ ok: false, problem: 'required' });
    expect(checkTrafficAmount(undefined, GB)).toEqual({ ok: false, problem: 'required' });
    for (const bad of [
      '-1',
      '1e3',
      '0.0000000001',
      '1.',
      '.5',
      'abc',
      '1,000.5',
      '+2',
      '2 GB',
      '100000000',
    ]) {
      expect(checkTrafficAmount(bad, Number.MAX_SAFE_INTEGER)).toEqual({ ok: false, problem: 'format' });
    }
    expect(checkTrafficAmount('0', GB)).toEqual({ ok: false, problem: 'zero' });
    expect(checkTrafficAmount('0.000', GB)).toEqual({ ok: false, problem: 'zero' });
    expect(checkTrafficAmount('1.000000001', GB)).toEqual({ ok: false, problem: 'max' });
    expect(checkTrafficAmount('0.1', 0)).toEqual({ ok: false, problem: 'max' });
  });

  it('takes the whole available amount, and zero for an optional initial allocation', () => {
    expect(checkTrafficAmount('3.456789012', sub.traffic_left_bytes)).toMatchObject({
      ok: true,
      bytes: sub.traffic_left_bytes,
    });
    expect(checkTrafficAmount('0', GB, { allowZero: true })).toEqual({ ok: true, bytes: 0, text: '0' });
  });

  it('sends what the contract accepts', () => {
    const check = checkTrafficAmount('0,75', 10 * GB);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const body = subTrafficBody.parse({
      id: '7',
      action: 'allocate',
      traffic: check.text,
      request_id: 'abcd-1234',
    });
    expect(body.traffic).toBe(check.bytes);
  });

  it('writes bytes back as the exact GB the "Max" shortcut fills in', () => {
    expect(exactGbText(2 * GB)).toBe('2');
    expect(exactGbText(12_345_678_901)).toBe('12.345678901');
    expect(exactGbText(GB / 2)).toBe('0.5');
    expect(exactGbText(1)).toBe('0.000000001');
    expect(exactGbText(0)).toBe('0');
    expect(exactGbText(-5)).toBe('0');
    for (const bytes of [1, 999, GB - 1, 3_456_789_012, 10_000_000 * GB]) {
      expect(checkTrafficAmount(exactGbText(bytes), bytes)).toMatchObject({ ok: true, bytes });
    }
  });

  it('normalizes typing', () => {
    expect(normalizeGbText(' 1,5 ')).toBe('1.5');
    expect(normalizeGbText(null)).toBe('');
  });

  it('allocates from the main account and recycles from the sub-account', () => {
    expect(trafficMaxFor('allocate', 25 * GB, sub)).toBe(25 * GB);
    expect(trafficMaxFor('recycle', 25 * GB, sub)).toBe(sub.traffic_left_bytes);
    expect(trafficMaxFor('allocate', -1, sub)).toBe(0);
  });
});

describe('traffic move attempts', () => {
  it('keeps the request id while the same move is retried, and a new one for another move', () => {
    const newKey = vi.fn().mockReturnValueOnce('key-one-1').mockReturnValueOnce('key-two-2');
    const move = { id: 7, action: 'allocate' as const, bytes: GB };
    const first = moveAttemptFor(null, move, newKey);
    expect(first).toEqual({ move: moveKeyOf(move), key: 'key-one-1' });
    expect(moveAttemptFor(first, { ...move }, newKey)).toBe(first);
    expect(moveAttemptFor(first, { ...move, action: 'recycle' }, newKey).key).toBe('key-two-2');
    expect(newKey).toHaveBeenCalledTimes(2);
  });

  it('tells moves apart by sub-account, direction and amount', () => {
    const key = moveKeyOf({ id: 7, action: 'allocate', bytes: GB });
    expect(moveKeyOf({ id: 8, action: 'allocate', bytes: GB })).not.toBe(key);
    expect(moveKeyOf({ id: 7, action: 'recycle', bytes: GB })).not.toBe(key);
    expect(moveKeyOf({ id: 7, action: 'allocate', bytes: GB + 1 })).not.toBe(key);
  });
});

describe('generated proxy passwords', () => {
  it('are 16 letters and digits that pass the contract rule', () => {
    for (let i = 0; i < 50; i++) {
      const password = generateProxyPassword();
      expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(proxyPasswordSchema.safeParse(password).success).toBe(true);
    }
    expect(GENERATED_PASSWORD_ALPHABET).toHaveLength(62);
    expect(new Set(GENERATED_PASSWORD_ALPHABET).size).toBe(62);
  });

  it('drop the bytes that would favour some characters', () => {
    let call = 0;
    const random = {
      getRandomValues: <T extends Uint8Array>(array: T): T => {
        // First a batch of biased bytes only (248–255), then 0, 1, 2 …
        array.forEach((_, i) => (array[i] = call === 0 ? 248 + (i % 8) : i));
        call++;
        return array;
      },
    };
    expect(generateProxyPassword(random, 4)).toBe('ABCD');
    expect(call).toBe(2);
  });

  it('map every unbiased byte into the alphabet', () => {
    const random = {
      getRandomValues: <T extends Uint8Array>(array: T): T => {
        array.forEach((_, i) => (array[i] = 61 + 62 * (i % 4)));
        return array;
      },
    };
    expect(generateProxyPassword(random, 4)).toBe('9999');
  });
});

describe('sub-account texts', () => {
  it('copies credentials as username:password', () => {
    expect(credentialsOf(sub)).toBe('teamalpha2024:Qw3rTy9uIo0pAs1d');
  });

  it('says how much returns on delete: the traffic left, two decimals to the nearest, MB below 1 GB', () => {
    expect(deleteReturns(sub, 'en-US')).toBe('3.46 GB');
    expect(deleteReturns({ traffic_left_bytes: 0 }, 'en-US')).toBe('0.00 MB');
    expect(deleteReturns({ traffic_left_bytes: 999_994_999 }, 'en-US')).toBe('999.99 MB');
    expect(deleteReturns({ traffic_left_bytes: 1_234_560_000_000 }, 'ru-RU')).toBe('1\u00a0234,56 ГБ');
  });

  it('reads the edit page id and links to it', () => {
    expect(subIdOf(new URLSearchParams('id=7'))).toBe(7);
    for (const bad of ['', 'id=', 'id=0', 'id=-3', 'id=abc', 'id=1.5', 'id=1e3', 'x=7']) {
      expect(subIdOf(new URLSearchParams(bad))).toBeUndefined();
    }
    expect(editSubHref(7)).toBe('/proxysetting/editsub?id=7');
    expect(subIdOf(new URLSearchParams(editSubHref(42).split('?')[1]))).toBe(42);
  });
});

describe('server refusals on the sub-account forms', () => {
  const refusal = (code: number, message: string, data: unknown = null) =>
    new ApiError('server', message, code, data);

  it('puts a taken username on the username field and a short main account on the traffic', () => {
    expect(
      serverFieldErrors(
        refusal(ResultCode.UsernameExists, 'Username Exist'),
        addSubFields,
        addSubFieldByCode,
      ),
    ).toEqual([{ name: 'username', errors: ['Username Exist'] }]);
    expect(
      serverFieldErrors(
        refusal(ResultCode.MainTrafficShort, 'Only 1 GB left'),
        addSubFields,
        addSubFieldByCode,
      ),
    ).toEqual([{ name: 'traffic', errors: ['Only 1 GB left'] }]);
  });

  it('puts validation failures on their fields', () => {
    const failure = refusal(ResultCode.ValidationFailed, 'Invalid', {
      fields: { username: 'The username must be 12-24 letters', password: 'Bad', other: 'ignored' },
    });
    expect(serverFieldErrors(failure, addSubFields, addSubFieldByCode)).toEqual([
      { name: 'username', errors: ['The username must be 12-24 letters'] },
      { name: 'password', errors: ['Bad'] },
    ]);
  });

  it('puts either side being short on the amount of a move, and nothing else on a field', () => {
    for (const code of [ResultCode.MainTrafficShort, ResultCode.SubTrafficShort]) {
      expect(serverFieldErrors(refusal(code, 'Short'), trafficFields, trafficFieldByCode)).toEqual([
        { name: 'traffic', errors: ['Short'] },
      ]);
    }
    for (const code of [ResultCode.IdempotencyKeyReused, ResultCode.NotFound, ResultCode.SubAccountLimit]) {
      expect(serverFieldErrors(refusal(code, 'No'), trafficFields, trafficFieldByCode)).toEqual([]);
      expect(serverFieldErrors(refusal(code, 'No'), addSubFields, addSubFieldByCode)).toEqual([]);
    }
  });
});
