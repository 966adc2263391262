import type { dynamicEndpoints, EndpointData } from '@resiport/contract';
import type { MessageId } from '../../locales/types';

export type ProxyTestResult = EndpointData<typeof dynamicEndpoints.test>;

/** The failures the generator explains in words; anything else is `other`, with the raw reason. */
export const testFailures = [
  'no_traffic',
  'cap_reached',
  'auth',
  'disabled',
  'expired',
  'no_exit',
  'destination_refused',
  'unreachable',
  'other',
] as const;
export type TestFailure = (typeof testFailures)[number];

/** The gateway's refusal reasons (its `X-Resiport-Reason` values) grouped as the user can act on them. */
const failureOfReason: Readonly<Record<string, TestFailure>> = {
  no_traffic: 'no_traffic',
  auth: 'auth',
  auth_required: 'auth',
  auth_failed: 'auth',
  bad_username: 'auth',
  disabled: 'disabled',
  cap_reached: 'cap_reached',
  expired: 'expired',
  no_exit: 'no_exit',
  destination_refused: 'destination_refused',
  unreachable: 'unreachable',
  exit_failed: 'unreachable',
  connection_refused: 'unreachable',
  timeout: 'unreachable',
};

/** Why a test failed, as one of `testFailures`. */
export function testFailureOf(reason: string | null | undefined): TestFailure {
  return (reason && Object.hasOwn(failureOfReason, reason) ? failureOfReason[reason] : undefined) ?? 'other';
}

export const testFailureText: Record<TestFailure, MessageId> = {
  no_traffic: 'generator.test.error.no_traffic',
  auth: 'generator.test.error.auth',
  disabled: 'generator.test.error.disabled',
  cap_reached: 'generator.test.error.cap_reached',
  expired: 'generator.test.error.expired',
  no_exit: 'generator.test.error.no_exit',
  destination_refused: 'generator.test.error.destination_refused',
  unreachable: 'generator.test.error.unreachable',
  other: 'generator.test.error.other',
};

/** A country code as a name in the UI language (`us` → United States / США); the code when unknown. */
export function countryNameOf(code: string, locale: string): string {
  const upper = code.toUpperCase();
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(upper) ?? upper;
  } catch {
    return upper;
  }
}
