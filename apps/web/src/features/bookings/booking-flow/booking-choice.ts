/**
 * The visitor's choice (service, time, zone, notes, intake answers), kept in this tab's sessionStorage while they
 * sign in or sign up, so /consultation can show it again when they come back.
 */
import { isKnownTimeZone, DAY_MS } from '@consult/shared';

const STORAGE_KEY = 'consult.booking-choice';
/** A choice older than this is stale: times fill up, and the visitor has moved on. */
const MAX_AGE_MS = DAY_MS;

export interface BookingChoice {
  service: string;
  start: string | null;
  timeZone: string;
  notes: string;
  /** Intake answers by question id. */
  answers: Record<string, string>;
}

export function saveChoice(choice: BookingChoice) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...choice, savedAt: Date.now() }));
  } catch {
    // Storage can be full or disabled; the visitor then picks again, nothing else breaks.
  }
}

export function loadChoice(service: string): BookingChoice | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<BookingChoice> & { savedAt?: number };
    const fresh = typeof value.savedAt === 'number' && Date.now() - value.savedAt < MAX_AGE_MS;
    if (!fresh || value.service !== service || typeof value.timeZone !== 'string') return null;
    if (!isKnownTimeZone(value.timeZone)) return null;
    const start =
      typeof value.start === 'string' && Date.parse(value.start) > Date.now() ? value.start : null;
    return {
      service,
      start,
      timeZone: value.timeZone,
      notes: typeof value.notes === 'string' ? value.notes : '',
      answers: textRecord(value.answers),
    };
  } catch {
    return null;
  }
}

/** Only the text values of a stored object: anything else is dropped. */
function textRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function clearChoice() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
