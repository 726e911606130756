/** Readable forms of audit entries: action names and the before/after rows of a change. */

const ACTION_LABELS: Record<string, string> = {
  'setup.owner': 'Created the owner account',
  'user.update': 'Changed an account',
  'user.delete': 'Deleted an account',
  'user.erase': 'Erased an account',
  'user.two_factor_on': 'Turned on two-factor sign-in',
  'user.two_factor_off': 'Turned off two-factor sign-in',
  'user.two_factor_reset': 'Turned off an account’s two-factor sign-in',
  'user.recovery_codes': 'Made new recovery codes',
  'user.recovery_code_sign_in': 'Signed in with a recovery code',
  'security.settings': 'Changed how admins sign in',
  'session.end': 'Signed out one of their sessions',
  'session.end_others': 'Signed out their other sessions',
  'client_note.create': 'Added a private note',
  'client_note.update': 'Edited a private note',
  'client_note.delete': 'Deleted a private note',
  'service.create': 'Added a service',
  'service.update': 'Changed a service',
  'service.delete': 'Deleted a service',
  'scheduling.update': 'Changed hours and booking rules',
  'payments.settings': 'Changed payment settings',
  'payment.mark_paid': 'Recorded a payment',
  'payment.refund': 'Refunded a payment',
  'payment.refund_sent': 'Sent a refund by hand',
  'payment.void': 'Voided a receipt',
  'payment.late_refund': 'Refunded a late payment',
  'payment.refund_failed': 'A Stripe refund failed',
  'booking.created': 'Booked for a client',
  'booking.cancelled': 'Cancelled a booking',
  'booking.rescheduled': 'Moved a booking',
  'booking.completed': 'Marked a booking completed',
  'booking.no_show': 'Marked a booking a no-show',
  'task.create': 'Gave a task',
  'task.update': 'Changed a task',
  'task.delete': 'Deleted a task',
  'message.state': 'Changed a message’s state',
  'message.invite': 'Invited a sender',
  'mail.resend': 'Sent a failed mail again',
  'site.update': 'Changed the site content',
  'site.portrait_upload': 'Uploaded a portrait photo',
  'site.portrait_remove': 'Removed the portrait photo',
  'calendar.add': 'Added a calendar',
  'calendar.update': 'Changed a calendar',
  'calendar.remove': 'Removed a calendar',
  'calendar_feed.rotate': 'Made a new calendar feed address',
  'calendar_feed.revoke': 'Turned off the calendar feed',
};

export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

export interface AuditDiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditReading {
  /** Fields that changed, with the value before and after (undefined: the field did not exist). */
  changes: AuditDiffRow[];
  /** Other facts the entry keeps, e.g. the booking a payment belongs to. */
  facts: { field: string; value: unknown }[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFromTo(value: unknown): value is { from: unknown; to: unknown } {
  return (
    isPlainObject(value) && 'from' in value && 'to' in value && Object.keys(value).length === 2
  );
}

function diffRows(prefix: string, before: unknown, after: unknown, depth: number): AuditDiffRow[] {
  if (depth < 1 && isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) =>
      diffRows(prefix ? `${prefix}.${key}` : key, before[key], after[key], depth + 1),
    );
  }
  return [{ field: prefix, before, after }];
}

/**
 * Reads the entry's details: `before`/`after` objects (the shape every change writes now) and,
 * for entries of older shapes, `{ from, to }` pairs; anything else is a fact.
 */
export function readAuditDetails(details: Record<string, unknown>): AuditReading {
  const changes: AuditDiffRow[] = [];
  const facts: { field: string; value: unknown }[] = [];
  const before = details.before;
  const after = details.after;
  if ('before' in details || 'after' in details) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      changes.push(
        ...diffRows(key, key in b ? b[key] : undefined, key in a ? a[key] : undefined, 0),
      );
    }
  }
  for (const [key, value] of Object.entries(details)) {
    if (key === 'before' || key === 'after') continue;
    if (isFromTo(value)) changes.push({ field: key, before: value.from, after: value.to });
    else facts.push({ field: key, value });
  }
  return { changes, facts };
}
