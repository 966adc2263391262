/** PostgreSQL's unique_violation; both pg and PGlite report it as `code`, with the `constraint` name. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** The name of the unique constraint a failed insert ran into, if that was the failure. */
export function violatedConstraint(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && typeof e.constraint === 'string' ? e.constraint : undefined;
}
