/** Test data for bookings: rows for pure functions, and services and bookings straight in the database. */
import { randomUUID } from 'node:crypto';
import { MINUTE_MS } from '@consult/shared';
import type { Db } from '../db/client';
import { serviceSnapshot } from '../modules/bookings/bookings-repository';
import { newBookingReference } from '../modules/bookings/booking-reference';
import { bookings, services } from '../modules/bookings/schema';

export type BookingRow = typeof bookings.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;

/** A confirmed one-hour video booking, as the table would return it. */
export function bookingRow(overrides: Partial<BookingRow> = {}): BookingRow {
  const startAt = overrides.startAt ?? new Date('2026-03-10T09:00:00Z');
  const durationMinutes = overrides.durationMinutes ?? 60;
  const endAt = overrides.endAt ?? new Date(startAt.getTime() + durationMinutes * MINUTE_MS);
  return {
    id: randomUUID(),
    reference: newBookingReference(),
    clientId: randomUUID(),
    serviceId: randomUUID(),
    serviceSlug: 'strategy-session',
    serviceTitle: 'Strategy session',
    durationMinutes,
    meetingMode: 'video',
    address: null,
    priceMinor: 0,
    currency: 'USD',
    startAt,
    endAt,
    blockedUntil: endAt,
    state: 'confirmed',
    notes: null,
    answers: [],
    paymentDue: false,
    paidAt: null,
    holdUntil: null,
    meetingUrl: 'https://meet.jit.si/consult-abcdefghijklmnop',
    icsSequence: 0,
    reminderSentAt: null,
    idempotencyKey: null,
    requestFingerprint: null,
    createdBy: null,
    cancelledAt: null,
    seriesId: null,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    updatedAt: new Date('2026-03-01T00:00:00Z'),
    ...overrides,
  };
}

export async function insertTestService(
  db: Db,
  overrides: Partial<typeof services.$inferInsert> = {},
): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({
      slug: `service-${randomUUID().slice(0, 8)}`,
      title: 'Strategy session',
      durationMinutes: 60,
      priceMinor: 0,
      currency: 'USD',
      meetingMode: 'video',
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A booking of `service` for `clientId` at `startAt`, confirmed unless told otherwise. Bookings of
 * one test must not overlap while pending or confirmed (the database refuses it).
 */
export async function insertTestBooking(
  db: Db,
  input: { service: ServiceRow; clientId: string; startAt: Date } & Partial<BookingRow>,
): Promise<BookingRow> {
  const { service, ...rest } = input;
  const endAt = new Date(rest.startAt.getTime() + service.durationMinutes * MINUTE_MS);
  const [row] = await db
    .insert(bookings)
    .values({
      reference: newBookingReference(),
      ...serviceSnapshot(service),
      endAt,
      blockedUntil: endAt,
      state: 'confirmed',
      meetingUrl:
        service.meetingMode === 'video'
          ? `https://meet.jit.si/consult-${randomUUID().slice(0, 16)}`
          : null,
      ...rest,
    })
    .returning();
  return row!;
}
