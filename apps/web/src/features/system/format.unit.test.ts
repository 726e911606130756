import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatMs } from './format';

describe('health figures', () => {
  it('writes bytes in the largest fitting unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50.0 MB');
    expect(formatBytes(null)).toBe('Unknown');
  });

  it('writes milliseconds and uptime readably', () => {
    expect(formatMs(0.123)).toBe('0.12 ms');
    expect(formatMs(42.4)).toBe('42 ms');
    expect(formatMs(2500)).toBe('2.5 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(3 * 3600 + 120)).toBe('3 h 2 min');
    expect(formatDuration(2 * 86_400 + 3600)).toBe('2 d 1 h');
  });
});
