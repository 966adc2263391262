import { z } from 'zod';

export const healthData = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down', 'skipped']),
});
export const healthPaths = { live: '/health/live', ready: '/health/ready', health: '/health' } as const;
