import { afterAll, beforeAll } from 'vitest';
import { loadGatewayConfig, type GatewayConfig } from '../src/config';
import type { Gateway } from '../src/gateway';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startGateway, startHttpTarget } from './servers';

const GB = 1_000_000_000;

/** The listener tests' users: one with traffic, one disabled, one without traffic. */
export const ALICE = { user: 'aliceproxy01', pass: 'Alice-pass.1' };
export const DISABLED_USER = { user: 'bobproxy0001', pass: 'Bob-pass.1' };
export const EMPTY_USER = { user: 'emptyproxy01', pass: 'Empty-pass.1' };

/** The failed-login throttle as shipped, for tests that tighten one of its numbers. */
export const shippedThrottle = () => loadGatewayConfig({}, { internalSecret: 'x'.repeat(32) }).authThrottle;

export interface ListenerFixture {
  fake: FakeServer;
  gateway: Gateway;
  echo: Awaited<ReturnType<typeof startEchoServer>>;
  target: Awaited<ReturnType<typeof startHttpTarget>>;
}

/**
 * A gateway on loopback against the fake server, with the three users, an echo server and an HTTP
 * target, started before the suite's tests and closed after them. Its fields are set by `beforeAll`.
 */
export function listenerFixture(overrides: Partial<GatewayConfig> = {}): ListenerFixture {
  const fixture = {} as ListenerFixture;
  beforeAll(async () => {
    fixture.fake = await startFakeServer();
    fixture.fake.addUser(ALICE.user, ALICE.pass, GB);
    fixture.fake.addUser(DISABLED_USER.user, DISABLED_USER.pass, GB);
    fixture.fake.setActive(DISABLED_USER.user, false);
    fixture.fake.addUser(EMPTY_USER.user, EMPTY_USER.pass, 0);
    fixture.echo = await startEchoServer();
    fixture.target = await startHttpTarget();
    fixture.gateway = await startGateway(fixture.fake, overrides);
  });
  afterAll(async () => {
    await fixture.gateway.close();
    await Promise.all([closeServer(fixture.echo), closeServer(fixture.target)]);
    await fixture.fake.close();
  });
  return fixture;
}
