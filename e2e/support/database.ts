import { createScratchDatabase } from '@resiport/testkit';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database to copy (template-database.setup.ts; unset on PGlite). */
    templateDatabase: string | undefined;
  }
}

/**
 * With TEST_DATABASE_URL: a fresh PostgreSQL database for one server run, a copy of the run's migrated
 * template. Without: PGlite (undefined).
 */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: () => Promise.resolve() };
  return createScratchDatabase(adminUrl, 'resiport_e2e', inject('templateDatabase'));
}
