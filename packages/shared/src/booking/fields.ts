/** Field schemas the bookings schemas are built from: calendar dates and wall-clock times. */
import { z } from 'zod';
import { DAY_MS } from '../constants';
import { BOOKING_MESSAGES as M } from './messages';

const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isLocalDateString(value: string): boolean {
  const match = LOCAL_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A calendar day without a zone, YYYY-MM-DD; which zone it is read in is said where it is used. */
export const localDateSchema = z
  .string({ error: M.dateInvalid })
  .refine(isLocalDateString, M.dateInvalid);

/** Calendar days from `from` to `to`, both counted: the same day is 1. Negative when reversed. */
export function calendarDaysInclusive(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS) + 1;
}

/** A wall-clock time 00:00–23:59. */
export const timeOfDaySchema = z
  .string({ error: M.timeInvalid })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid);

/** The end of an interval: like a start, or 24:00 for "until midnight". */
export const endTimeOfDaySchema = z
  .string({ error: M.endTimeInvalid })
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, M.endTimeInvalid);

/** Minutes since the day's midnight on the wall clock: '09:30' → 570, '24:00' → 1440. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** An instant written in ISO 8601 with its offset (Z or ±HH:MM), e.g. 2026-03-09T14:00:00Z. */
export const instantSchema = z.iso.datetime({ offset: true, error: M.startInvalid });
