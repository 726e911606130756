/**
 * The owner's bookings (the admin's upcoming and bookings screens): the filtered list, a
 * booking's detail with its history, and the owner's changes. The changes themselves are the
 * changes/ module's, called with the owner as actor; this module only shapes them for the owner.
 */
import {
  BOOKING_MESSAGES,
  type AdminBookingDetail,
  type AdminBookingRecord,
  type AdminBookingsPage,
  type AdminBookingsQuery,
  type BookingEvent,
} from '@consult/shared';
import type { AppDeps } from '../../../app-deps';
import { isUuid } from '../../../db/uuid';
import { HttpProblem } from '../../../plugins/errors';
import {
  countAdminBookings,
  findAdminBooking,
  listAdminBookings,
  listBookingEvents,
  type AdminBookingsFilter,
} from './admin-bookings-repository';
import type { BookingActorRef, BookingOutcome } from '../changes/change-steps';
import { storableBound } from '../../../db/storable-bound';
import { toAdminBookingRecord } from '../booking-view';
import { pageWindow } from '../../../db/page-window';
import { loadSchedulingSettings } from '../scheduling-settings';
import { rangeForDays } from '../../clock';

export function ownerActor(userId: string): BookingActorRef {
  return { type: 'owner', userId };
}

export function toOwnerRecord(outcome: BookingOutcome): AdminBookingRecord {
  return toAdminBookingRecord(outcome.booking, outcome.client, outcome.view);
}

/** `from`/`to` are the owner's calendar days (both included), so "today" means the owner's today. */
function filterOf(query: AdminBookingsQuery, ownerZone: string): AdminBookingsFilter {
  if (query.from && query.to && query.from > query.to) {
    throw new HttpProblem(400, BOOKING_MESSAGES.rangeReversed, {
      errors: { to: [BOOKING_MESSAGES.rangeReversed] },
    });
  }
  return {
    state: query.state,
    startRange: {
      start: query.from
        ? storableBound(rangeForDays(query.from, query.from, ownerZone).start)
        : undefined,
      end: query.to ? storableBound(rangeForDays(query.to, query.to, ownerZone).end) : undefined,
    },
    clientId: query.client,
    search: query.q || undefined,
  };
}

export async function listBookingsPage(
  deps: Pick<AppDeps, 'db' | 'log'>,
  query: AdminBookingsQuery,
  now: Date = new Date(),
): Promise<AdminBookingsPage> {
  const settings = await loadSchedulingSettings(deps.db, deps.log);
  const filter = filterOf(query, settings.rules.timeZone);
  const total = await countAdminBookings(deps.db, filter);
  const window = pageWindow(total, query.page, query.pageSize);
  const rows = await listAdminBookings(deps.db, filter, {
    order: query.order,
    limit: window.limit,
    offset: window.offset,
  });
  const view = { now, cutoffHours: settings.rules.cancellationCutoffHours };
  return {
    bookings: rows.map((row) => toAdminBookingRecord(row.booking, row.client, view)),
    currentPage: window.currentPage,
    totalPages: window.totalPages,
    totalBookings: total,
  };
}

export async function viewBookingDetail(
  deps: Pick<AppDeps, 'db' | 'log' | 'bookingPayments' | 'bookingCredits'>,
  id: string,
  now: Date = new Date(),
): Promise<AdminBookingDetail> {
  const found = isUuid(id) ? await findAdminBooking(deps.db, id) : undefined;
  if (!found) throw new HttpProblem(404, BOOKING_MESSAGES.bookingNotFound);
  const settings = await loadSchedulingSettings(deps.db, deps.log);
  const events = await listBookingEvents(deps.db, id);
  const payments = await deps.bookingPayments.bookingPayments(deps, [id]);
  const purchaseId = (await deps.bookingCredits.creditsOfBookings(deps.db, [id])).get(id);
  const view = { now, cutoffHours: settings.rules.cancellationCutoffHours };
  return {
    ...toAdminBookingRecord(found.booking, found.client, view),
    payment: payments.get(id) ?? null,
    credit: purchaseId ? { purchaseId } : null,
    events: events.map(({ event, actorName }): BookingEvent => ({
      id: event.id,
      action: event.action as BookingEvent['action'],
      fromState: event.fromState as BookingEvent['fromState'],
      toState: event.toState as BookingEvent['toState'],
      actorType: event.actorType,
      actorName,
      at: event.createdAt.toISOString(),
      details: event.details as Record<string, unknown>,
    })),
  };
}
