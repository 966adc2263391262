import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** The problems loadConfig refuses `env` with (empty when it accepts it). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('METRICS_PORT and METRICS_HOST', () => {
  it('serve no metrics unless METRICS_PORT is set (empty counts as unset)', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
  });

  it('listen on loopback by default, or on METRICS_HOST', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
    // 0 picks a free port, as GATEWAY_METRICS_PORT does (tests use it).
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toEqual({ host: '127.0.0.1', port: 0 });
  });

  it.each(['metrics', '-1', '65536', '9464.5'])('refuse METRICS_PORT=%s, naming the key', (port) => {
    const problems = problemsOf({ METRICS_PORT: port });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^METRICS_PORT: /);
  });

  it('refuse the API port: /metrics is never served where the public API is', () => {
    expect(problemsOf({ PORT: '9000', METRICS_PORT: '9000' })).toEqual([
      'METRICS_PORT: must differ from PORT (9000): /metrics is never served on the API port',
    ]);
    expect(problemsOf({ METRICS_PORT: '8080' })[0]).toContain('must differ from PORT');
  });

  it('refuse the in-process gateway’s ports, and allow them when the gateway runs elsewhere', () => {
    expect(problemsOf({ METRICS_PORT: '8000' })[0]).toContain('GATEWAY_HTTP_PORT');
    expect(problemsOf({ METRICS_PORT: '1080' })[0]).toContain('GATEWAY_SOCKS_PORT');
    expect(problemsOf({ METRICS_PORT: '9100', GATEWAY_METRICS_PORT: '9100' })[0]).toContain(
      'GATEWAY_METRICS_PORT',
    );
    expect(problemsOf({ METRICS_PORT: '8000', GATEWAY_IN_PROCESS: 'false' })).toEqual([]);
  });
});
