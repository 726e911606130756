/**
 * The one shape of an audit entry's change: `before` and `after` hold only the fields that
 * changed (null for a record created or removed), so the viewer shows a readable diff.
 */
export interface AuditChange {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function auditChange<T extends object>(before: T | null, after: T | null): AuditChange {
  if (before === null || after === null) {
    return {
      before: before === null ? null : { ...(before as Record<string, unknown>) },
      after: after === null ? null : { ...(after as Record<string, unknown>) },
    };
  }
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const from = (before as Record<string, unknown>)[key];
    const to = (after as Record<string, unknown>)[key];
    if (!same(from, to)) {
      changedBefore[key] = from ?? null;
      changedAfter[key] = to ?? null;
    }
  }
  return { before: changedBefore, after: changedAfter };
}

/** True when the change changed nothing (a save of the same values writes no entry). */
export function isEmptyChange(change: AuditChange): boolean {
  return (
    change.before !== null &&
    change.after !== null &&
    Object.keys(change.before).length === 0 &&
    Object.keys(change.after).length === 0
  );
}
