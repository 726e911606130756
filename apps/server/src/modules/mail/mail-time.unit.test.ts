import { describe, expect, it } from 'vitest';
import { formatMailTime } from './mail-time';

describe('mail times', () => {
  it('writes the time in the zone and names it', () => {
    const instant = new Date('2026-03-10T09:00:00Z');
    expect(formatMailTime(instant, 'Asia/Karachi')).toBe(
      'Tuesday, 10 March 2026, 14:00 (Asia/Karachi)',
    );
    expect(formatMailTime(instant, 'America/New_York')).toBe(
      'Tuesday, 10 March 2026, 05:00 (America/New_York)',
    );
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(formatMailTime(new Date('2026-03-10T09:00:00Z'), 'Mars/Olympus')).toBe(
      'Tuesday, 10 March 2026, 09:00 (UTC)',
    );
  });
});
