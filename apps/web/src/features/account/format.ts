/**
 * How account data reads on screen. Days come first ("26 November 2026"), as in
 * `formatDateTime`: the two-factor and sessions cards sit on one page and must read alike.
 */
export function formatDate(value: string | null, timeZone?: string) {
  if (!value) return 'Not given';
  // A birth date is a calendar day, not an instant: show it without shifting time zones.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : timeZone,
  }).format(date);
}

export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** An instant with its time, e.g. "26 Nov 2026, 14:05", in the person's zone. */
export function formatDateTime(value: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(value));
}
