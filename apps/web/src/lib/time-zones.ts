/** The time zones the browser knows, and the one it is in, for the time-zone pickers. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let cached: { value: string; label: string }[] | null = null;

export function timeZoneOptions(include?: string): { value: string; label: string }[] {
  cached ??= Intl.supportedValuesOf('timeZone').map((zone) => ({
    value: zone,
    label: zone.replace(/_/g, ' '),
  }));
  if (include && !cached.some((option) => option.value === include)) {
    return [{ value: include, label: include.replace(/_/g, ' ') }, ...cached];
  }
  return cached;
}
