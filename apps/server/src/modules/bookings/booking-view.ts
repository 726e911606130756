/** A booking row as the API shows it: the client's record, and the owner's with the client. */
import type { AdminBookingRecord, BookingClient, BookingRecord } from '@consult/shared';
import { canClientChange, ownerActionsFor } from './booking-state';
import type { BookingRow } from './bookings-repository';

export interface ViewContext {
  now: Date;
  /** The owner's current cancellation cutoff (rules.cancellationCutoffHours). */
  cutoffHours: number;
}

/** A cancelled or expired meeting does not take place: its link is not shown any more. */
function visibleMeetingUrl(row: BookingRow): string | null {
  return row.state === 'cancelled' || row.state === 'expired' ? null : row.meetingUrl;
}

export function toBookingRecord(row: BookingRow, context: ViewContext): BookingRecord {
  const change = canClientChange(
    { state: row.state, start: row.startAt },
    context.now,
    context.cutoffHours,
  );
  return {
    _id: row.id,
    id: row.id,
    reference: row.reference,
    service: {
      slug: row.serviceSlug,
      title: row.serviceTitle,
      durationMinutes: row.durationMinutes,
      meetingMode: row.meetingMode,
    },
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    state: row.state,
    notes: row.notes,
    answers: row.answers,
    priceMinor: row.priceMinor,
    currency: row.currency,
    paymentDue: row.paymentDue,
    paidAt: row.paidAt?.toISOString() ?? null,
    holdUntil: row.state === 'pending_payment' ? (row.holdUntil?.toISOString() ?? null) : null,
    meetingUrl: visibleMeetingUrl(row),
    address: row.address,
    clientChange: {
      allowed: change.allowed,
      cutoffAt: change.cutoffAt.toISOString(),
      reason: change.allowed ? null : change.message,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    seriesId: row.seriesId,
  };
}

export function toAdminBookingRecord(
  row: BookingRow,
  client: BookingClient,
  context: ViewContext,
): AdminBookingRecord {
  return {
    ...toBookingRecord(row, context),
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      timeZone: client.timeZone,
    },
    ownerActions: ownerActionsFor(
      {
        state: row.state,
        start: row.startAt,
        end: row.endAt,
        holdUntil: row.holdUntil,
        paymentDue: row.paymentDue,
      },
      context.now,
    ),
  };
}
