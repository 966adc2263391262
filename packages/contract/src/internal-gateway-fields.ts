import { z } from 'zod';

/** Fields the internal gateway calls share (not part of the package's exports). */
export const id = z.number().int().positive();
export const bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const instanceId = z.string().regex(/^[\w.:-]{1,64}$/);
