import { createScratchDatabase } from '@resiport/testkit';

/** With TEST_DATABASE_URL: a fresh PostgreSQL database for one server run. Without: PGlite (undefined). */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: () => Promise.resolve() };
  return createScratchDatabase(adminUrl, 'resiport_e2e');
}
