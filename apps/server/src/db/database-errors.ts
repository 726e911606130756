/**
 * PostgreSQL error codes behind a failed query. Drizzle wraps driver errors (the code is then on
 * `cause`), and both drivers (node-postgres and PGlite) put the SQLSTATE in `code`.
 */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint or index a refused row violated, as both drivers name it in `constraint`. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string' && name !== '') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 23505: a unique index refused the row (e.g. a service slug taken meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** 23P01: an exclusion constraint refused the row (bookings_no_overlap: the time was taken meanwhile). */
export function isExclusionViolation(error: unknown): boolean {
  return sqlState(error) === '23P01';
}

/** 40P01: PostgreSQL ended this transaction to break a deadlock; run again, it may succeed. */
export function isDeadlock(error: unknown): boolean {
  return sqlState(error) === '40P01';
}
