import { z } from 'zod';

/** Every API response: `{code, msg, data}`; `code` 0 is success (docs/architecture.md#api-conventions). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** `data` of a ValidationFailed answer: one localized message per failing field. */
export const validationDetailsSchema = z.object({
  fields: z.record(z.string(), z.string()),
});
export type ValidationDetails = z.infer<typeof validationDetailsSchema>;

/** `data` of a TooManyRequests answer. */
export const rateLimitDetailsSchema = z.object({ retry_after_seconds: z.number().int() });
