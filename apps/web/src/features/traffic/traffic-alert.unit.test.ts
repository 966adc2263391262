import { describe, expect, it } from 'vitest';
import { daysLeftAtRate, totalTrafficLeft, trafficAlertOf } from './traffic-alert';

const GB = 1_000_000_000;
const MB = 1_000_000;

const figures = (fields: {
  main?: number;
  subs?: number;
  used?: number;
  count?: number;
  empty?: number;
}) => ({
  traffic_left_bytes: fields.main ?? 0,
  subaccounts_traffic_left_bytes: fields.subs ?? 0,
  traffic_used_bytes: fields.used ?? GB,
  subaccounts_count: fields.count ?? 0,
  subaccounts_empty_count: fields.empty ?? 0,
});

describe('traffic left and its warning', () => {
  it('counts the sub-accounts’ traffic in the total', () => {
    expect(totalTrafficLeft(figures({ main: 0, subs: 10.08 * GB }))).toBe(10.08 * GB);
  });

  it('stays quiet for a new account, whatever is left', () => {
    expect(trafficAlertOf(figures({ used: 0 }), 0)).toBe('none');
    expect(trafficAlertOf(figures({ main: 100 * MB, used: 0 }), 0)).toBe('none');
  });

  it('says "run out" only when nothing is left anywhere', () => {
    expect(trafficAlertOf(figures({}), 0)).toBe('empty');
    expect(trafficAlertOf(figures({ main: -5 }), GB)).toBe('empty');
    // Everything allocated to a sub-account: the main account is empty, the customer is not.
    expect(trafficAlertOf(figures({ main: 0, subs: 10.08 * GB, count: 1 }), 0)).toBe('mainEmpty');
  });

  it('names sub-accounts out of traffic before the main account', () => {
    expect(trafficAlertOf(figures({ main: 0, subs: 5 * GB, count: 2, empty: 1 }), 0)).toBe('subsEmpty');
    expect(trafficAlertOf(figures({ main: 5 * GB, count: 2, empty: 2 }), 0)).toBe('subsEmpty');
  });

  it('warns under 1 GB in total, or under 10% of left + used in 30 days', () => {
    expect(trafficAlertOf(figures({ main: GB - 1 }), 0)).toBe('low');
    expect(trafficAlertOf(figures({ main: GB / 2, subs: GB / 2 }), 0)).toBe('none');
    expect(trafficAlertOf(figures({ main: 5 * GB }), 50 * GB)).toBe('low');
    expect(trafficAlertOf(figures({ main: 3 * GB, subs: 3 * GB }), 50 * GB)).toBe('none');
  });

  it('estimates the days left at the 30-day rate', () => {
    expect(daysLeftAtRate(10 * GB, 30 * GB)).toBe(10);
    expect(daysLeftAtRate(10 * GB, 0)).toBeUndefined();
    expect(daysLeftAtRate(0, 30 * GB)).toBe(0);
  });
});
