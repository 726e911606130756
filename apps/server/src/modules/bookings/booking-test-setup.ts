/**
 * Shared set-up of the bookings API tests: open hours every day in UTC (so any day ahead offers
 * slots, whatever day the tests run), no minimum notice, and services with known prices and modes.
 */
import type { FastifyInstance } from 'fastify';
import { serviceInputSchema, type ServiceInput } from '@consult/shared';
import { insertService, type ServiceRow } from './services-repository';
import { saveSchedulingSettings } from './scheduling-settings';
import { loadSiteCurrency, settleServiceCurrency } from './site-currency';

const ALL_DAY = [{ start: '00:00', end: '24:00' }];

export const TEST_RULES = {
  timeZone: 'UTC',
  minimumNoticeHours: 0,
  horizonDays: 60,
  bufferMinutes: 15,
  slotStepMinutes: 15,
  maxBookingsPerDay: null,
  holdMinutes: 30,
  cancellationCutoffHours: 24,
};

export async function openEveryDay(app: FastifyInstance): Promise<void> {
  await saveSchedulingSettings(app.deps.db, {
    rules: TEST_RULES,
    weeklyHours: {
      mon: ALL_DAY,
      tue: ALL_DAY,
      wed: ALL_DAY,
      thu: ALL_DAY,
      fri: ALL_DAY,
      sat: ALL_DAY,
      sun: ALL_DAY,
    },
    dateOverrides: [],
  });
}

export async function addService(
  app: FastifyInstance,
  service: Partial<ServiceInput> & { slug: string },
): Promise<ServiceRow> {
  const input = serviceInputSchema.parse({
    title: service.slug,
    durationMinutes: 60,
    priceMinor: 0,
    currency: 'USD',
    meetingMode: 'video',
    ...service,
  });
  const currency = settleServiceCurrency(await loadSiteCurrency(app.deps.db), input.currency);
  return insertService(app.deps.db, { ...input, ...currency });
}

/** `days` calendar days after today (UTC) at `time` (HH:MM, UTC), as an ISO instant. */
export function slotAt(days: number, time: string): string {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${date}T${time}:00.000Z`).toISOString();
}

/** The calendar day (UTC) `days` after today. */
export function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
