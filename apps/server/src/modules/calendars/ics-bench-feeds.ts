/**
 * Feeds for benchmarks: a calendar of `events` events, many of them recurring (weekly, daily with
 * EXDATEs, monthly, overrides), in a few zones, starting before the window as real calendars do.
 * Used by the calendars benchmark (scripts/bench/calendars.mjs), not by the server.
 */

const ZONES = ['Europe/London', 'America/New_York', 'W. Europe Standard Time', 'Asia/Tokyo'];

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').slice(0, 15);
}

export function generateBenchFeed(events: number, seed: number, origin: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//consult//bench//EN'];
  for (let index = 0; index < events; index += 1) {
    const zone = ZONES[(index + seed) % ZONES.length]!;
    // Starts spread from a year before the origin to 60 days after it, on the quarter hour.
    const offsetDays = ((index * 37 + seed * 11) % 425) - 365;
    const start = new Date(origin.getTime() + offsetDays * 86_400_000);
    start.setUTCHours(7 + (index % 10), (index % 4) * 15, 0, 0);
    const end = new Date(start.getTime() + (30 + (index % 3) * 30) * 60_000);
    const uid = `bench-${seed}-${index}@consult`;
    lines.push('BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', `SUMMARY:Event ${index}`);
    lines.push(`DTSTART;TZID=${zone}:${stamp(start)}`, `DTEND;TZID=${zone}:${stamp(end)}`);
    const kind = index % 10;
    if (kind < 2) lines.push('RRULE:FREQ=WEEKLY');
    else if (kind === 4 && index % 50 === 4) {
      lines.push('RRULE:FREQ=DAILY;COUNT=400');
      lines.push(`EXDATE;TZID=${zone}:${stamp(new Date(start.getTime() + 2 * 86_400_000))}`);
    } else if (kind === 5) lines.push('RRULE:FREQ=MONTHLY;BYMONTHDAY=1,15');
    else if (kind === 6) lines.push('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE');
    lines.push('END:VEVENT');
    if (kind === 0) {
      const moved = new Date(start.getTime() + 7 * 86_400_000);
      lines.push('BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', 'SUMMARY:Moved');
      lines.push(`RECURRENCE-ID;TZID=${zone}:${stamp(moved)}`);
      lines.push(`DTSTART;TZID=${zone}:${stamp(new Date(moved.getTime() + 3_600_000))}`);
      lines.push(`DTEND;TZID=${zone}:${stamp(new Date(moved.getTime() + 5_400_000))}`);
      lines.push('END:VEVENT');
    }
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}
