/** Readable forms of the health figures. */
import { MINUTE_MS } from '@consult/shared';
import { formatMoment } from '../../lib/date-time';

export function formatBytes(bytes: number | null) {
  if (bytes === null) return 'Unknown';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function formatMs(ms: number | null) {
  if (ms === null) return 'Unknown';
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function formatDuration(seconds: number) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.floor(seconds)} s`;
}

export function formatInterval(ms: number) {
  return ms % MINUTE_MS === 0 ? `every ${ms / MINUTE_MS} min` : `every ${Math.round(ms / 1000)} s`;
}

/** When a health event happened, to the second, on the owner's clock; "Never" when it has not. */
export function formatWhen(iso: string | null, timeZone: string) {
  if (!iso) return 'Never';
  return formatMoment(iso, timeZone, { seconds: true });
}
