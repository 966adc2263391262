import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTemplateDatabase } from '@resiport/testkit';
import type { TestProject } from 'vitest/node';
import type {} from './database'; // its ProvidedContext entry

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Vitest global setup of the e2e suite on PostgreSQL (TEST_DATABASE_URL): one database migrated by the
 * built `migrate` command, the template every server run's database is copied from (a copy takes
 * milliseconds; each server would otherwise migrate its own). On PGlite each server migrates its
 * own data directory at start, as `npm start` does.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide('templateDatabase', undefined);
    return undefined;
  }
  const template = await createTemplateDatabase(adminUrl, 'resiport_e2e_template', async (url) => {
    await promisify(execFile)(process.execPath, ['apps/server/dist/cli/migrate.js'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, LOG_LEVEL: 'warn' },
    });
  });
  project.provide('templateDatabase', template.name);
  return () => template.drop();
}
