/** The time zones the browser knows, the one it is in, and a zone's name for people. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A zone's name for people: "Asia/Karachi" stays, underscores become spaces ("America/New York"). */
export function zoneName(timeZone: string): string {
  return timeZone.replace(/_/g, ' ');
}

let cached: { value: string; label: string }[] | null = null;

/** The zone pickers' options; `include` is added first when the runtime does not list it. */
export function timeZoneOptions(include?: string): { value: string; label: string }[] {
  cached ??= Intl.supportedValuesOf('timeZone').map((zone) => ({
    value: zone,
    label: zoneName(zone),
  }));
  if (include && !cached.some((option) => option.value === include)) {
    return [{ value: include, label: zoneName(include) }, ...cached];
  }
  return cached;
}
