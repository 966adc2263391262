import { z } from 'zod';

/**
 * What the server and the gateway share in reading their environment: both parse every variable
 * once at start with one zod schema and list every bad key at once. Node only: not exported from the
 * contract's index (the web has no environment to read).
 */

/** An empty variable counts as unset (`KEY=` in an env file), so it falls back like a missing one. */
export const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const optionalText = z.preprocess(emptyAsUnset, z.string().optional());
export const optionalUrl = z.preprocess(emptyAsUnset, z.url().optional());

/** A shared secret: unset, or at least 32 characters. */
export const optionalSecret = optionalText.pipe(
  z.string().min(32, 'must be at least 32 characters').optional(),
);

/** A TCP port (0: any free one), `fallback` when unset. */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A TCP port, or unset: a listener that is off until a port is given. */
export const optionalPort = z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).optional());

/** A whole number above zero (seconds, milliseconds, counts), `fallback` when unset. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `true`/`1` or `false`/`0`; anything else is a bad key. */
export const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

/** The schema's complaints as `KEY: reason` lines. */
export function envProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** The configuration cannot start the process: every problem, one a line, for the operator to fix. */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    title = 'Invalid configuration',
  ) {
    super(`${title}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}
