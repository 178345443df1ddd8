/** Drizzle wraps driver errors; the PostgreSQL error code sits on the error or its cause. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => postgresErrorCode(error) === '23505';
