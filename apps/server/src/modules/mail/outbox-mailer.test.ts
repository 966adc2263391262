import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../lib/logger';
import { describe, expect, it } from 'vitest';
import { outboxMailer } from './mailer';

describe('the outbox mailer (no SMTP_URL)', () => {
  it('keeps every mail, even many to one address at once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'resiport-outbox-'));
    const mailer = outboxMailer(dataDir, 'Resiport <noreply@example.test>', createLogger('silent'));
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          mailer.send({ to: 'a@example.test', subject: `alert ${i}`, text: `body ${i}`, html: '', link: '' }),
        ),
      );
      const files = await readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(20);
      const subjects = await Promise.all(
        files.map(
          async (f) =>
            /Subject: (alert \d+)/.exec(await readFile(path.join(dataDir, 'outbox', f), 'utf8'))?.[1],
        ),
      );
      expect(new Set(subjects).size).toBe(20);
    } finally {
      mailer.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
