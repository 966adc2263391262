import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger, defaultLogFormat } from './logger';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('the process logger', () => {
  it('is JSON in production and pretty everywhere else', () => {
    expect(defaultLogFormat('production')).toBe('json');
    expect(defaultLogFormat(undefined)).toBe('pretty');
    expect(defaultLogFormat('development')).toBe('pretty');
  });

  it('writes one JSON object per line with the fields, secrets censored', () => {
    const out = capture();
    const log = createLogger({ level: 'info', format: 'json', destination: out.stream });
    log.info({ user: 7, password: 'hunter2', body: { jwt_token: 'abc.def' } }, 'signed in');
    const entry = z.record(z.string(), z.unknown()).parse(JSON.parse(out.text().trim()));
    expect(entry).toMatchObject({ msg: 'signed in', user: 7, password: '[redacted]' });
    expect(entry.body).toEqual({ jwt_token: '[redacted]' });
  });

  it('writes one readable line in pretty mode: UTC time, level, message, fields; no colour codes off a TTY', () => {
    const out = capture();
    const log = createLogger({ level: 'info', format: 'pretty', destination: out.stream });
    log.info({ to: 'a@example.com', secret: 's3cret' }, 'mail sent');
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}Z\] INFO: mail sent \{.*"to":"a@example.com"/);
    expect(lines[0]).toContain('"secret":"[redacted]"');
    expect(lines[0]).not.toContain('s3cret');
    expect(lines[0]).not.toContain('\u001b[');
  });

  it('honours the level: debug entries are dropped at info', () => {
    const out = capture();
    const log = createLogger({ level: 'info', format: 'json', destination: out.stream });
    log.debug('polling');
    log.warn('slow');
    expect(out.text()).not.toContain('polling');
    expect(out.text()).toContain('slow');
  });
});
