import { ResultCode } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { serverFieldErrors } from '../../lib/form-errors';
import { checkWhitelistIp } from './ip-check';
import { whitelistFieldByCode, whitelistFields } from './whitelist-codes';

describe('checkWhitelistIp', () => {
  it('accepts IPv4 and IPv6 in the canonical form the server stores', () => {
    expect(checkWhitelistIp(' 203.0.113.7 ')).toEqual({ ok: true, ip: '203.0.113.7' });
    expect(checkWhitelistIp('2001:DB8:0:0:0:0:0:1')).toEqual({ ok: true, ip: '2001:db8::1' });
    expect(checkWhitelistIp('::ffff:198.51.100.4')).toEqual({ ok: true, ip: '198.51.100.4' });
  });

  it('names what is wrong', () => {
    expect(checkWhitelistIp('')).toEqual({ ok: false, problem: 'required' });
    expect(checkWhitelistIp('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkWhitelistIp(undefined)).toEqual({ ok: false, problem: 'required' });
    for (const bad of ['256.1.1.1', '1.2.3', '01.2.3.4', 'example.com', '1.2.3.4/24', '2001:db8::1::2']) {
      expect(checkWhitelistIp(bad)).toEqual({ ok: false, problem: 'format' });
    }
    for (const never of ['127.0.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '::1', '::', 'ff02::1']) {
      expect(checkWhitelistIp(never)).toEqual({ ok: false, problem: 'notAllowed' });
    }
  });
});

describe('server refusals on the whitelist form', () => {
  it('puts refusals about the address on the IP field', () => {
    for (const code of [ResultCode.IpAlreadyWhitelisted, ResultCode.IpTaken, ResultCode.IpNotAllowed]) {
      expect(
        serverFieldErrors(new ApiError('server', 'No', code), whitelistFields, whitelistFieldByCode),
      ).toEqual([{ name: 'ip', errors: ['No'] }]);
    }
  });

  it('leaves a full list off the fields', () => {
    const full = new ApiError('server', 'Full', ResultCode.WhitelistFull);
    expect(serverFieldErrors(full, whitelistFields, whitelistFieldByCode)).toEqual([]);
  });
});
