import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint';

export const healthData = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down', 'skipped']),
});

/** Liveness (the process answers) and readiness (the database answers too; 503 when it does not). */
export const healthEndpoints = {
  live: defineEndpoint({
    method: 'GET',
    path: '/health/live',
    auth: 'public',
    request: noInput,
    response: healthData,
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/health/ready',
    auth: 'public',
    request: noInput,
    response: healthData,
  }),
  /** The same as `ready`, at the path load balancers often probe by default. */
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    auth: 'public',
    request: noInput,
    response: healthData,
  }),
};
