/** A client's bookings for reading: one booking, its calendar file, the upcoming list, the past pages. */
import {
  PAST_BOOKINGS_PAGE_SIZE,
  type BookingRecord,
  type CreatedBooking,
  type PastBookingsPage,
  type UpcomingBookings,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { toBookingRecord, type ViewContext } from './booking-view';
import {
  countPastBookings,
  findBookingById,
  listPastBookings,
  listUpcomingBookings,
  type BookingRow,
} from './bookings-repository';
import { bookingCalendarFile, type CalendarFile } from './mails/calendar-invite';
import { changeContext, notFound } from './changes/change-steps';
import type { BookingPaymentDeps } from './booking-payment-hooks';
import { pageWindow } from '../../db/page-window';

type ReadDeps = Pick<AppDeps, 'db' | 'log' | 'bookingPayments' | 'bookingCredits'>;

/** The package credit that paid each booking (issue 24): what the lists show instead of a payment. */
async function creditsOf(deps: ReadDeps, rows: BookingRow[]) {
  const found = await deps.bookingCredits.creditsOfBookings(
    deps.db,
    rows.map((row) => row.id),
  );
  return (id: string) => {
    const purchaseId = found.get(id);
    return purchaseId ? { purchaseId } : null;
  };
}

/** A client's own booking for reading (`clientId` null: the owner, any booking); 404 otherwise. */
export async function findClientBooking(
  db: Db,
  clientId: string | null,
  bookingId: string,
): Promise<BookingRow> {
  const booking = isUuid(bookingId) ? await findBookingById(db, bookingId) : undefined;
  if (!booking || (clientId !== null && booking.clientId !== clientId)) throw notFound();
  return booking;
}

async function viewContext(deps: ReadDeps, now: Date): Promise<ViewContext> {
  return (await changeContext(deps, now)).view;
}

/**
 * A booking as its client sees it: the record and, while a manual payment is due, the owner's
 * payment instructions and the amount due (decision 035).
 */
export async function clientBookingRecord(
  deps: ReadDeps,
  booking: BookingRow,
  view: ViewContext,
): Promise<BookingRecord> {
  const [payments, credit] = await Promise.all([
    deps.bookingPayments.clientBookingPayments(deps, [booking]),
    creditsOf(deps, [booking]),
  ]);
  return {
    ...toBookingRecord(booking, view),
    credit: credit(booking.id),
    ...payments.get(booking.id)?.due,
  };
}

/**
 * The answer to a client's new booking: paid with a package credit (no payment at all), confirmed,
 * or held for payment with Stripe's checkout address.
 */
export async function createdBookingAnswer(
  deps: BookingPaymentDeps & ReadDeps,
  client: { id: string; email: string },
  outcome: {
    booking: BookingRow;
    view: ViewContext;
    credit: { purchaseId: string } | null;
    discount?: CreatedBooking['discount'];
  },
): Promise<CreatedBooking & { credit: { purchaseId: string } | null }> {
  const { booking, view, credit, discount } = outcome;
  const record = { ...(await clientBookingRecord(deps, booking, view)), discount };
  if (credit) return { ...record, payment: null, credit };
  if (booking.state !== 'pending_payment') return { ...record, credit: null };
  const checkoutUrl = await deps.bookingPayments.checkoutOfNewBooking(deps, client, booking.id);
  return { ...record, credit: null, checkoutUrl };
}

export async function viewClientBooking(
  deps: ReadDeps,
  clientId: string,
  bookingId: string,
  now: Date,
): Promise<BookingRecord> {
  const booking = await findClientBooking(deps.db, clientId, bookingId);
  return clientBookingRecord(deps, booking, await viewContext(deps, now));
}

/** The invite of a booking the viewer may read (`clientId` null: the owner, any booking). */
export async function clientBookingCalendarFile(
  deps: Pick<AppDeps, 'db' | 'log' | 'config'>,
  clientId: string | null,
  bookingId: string,
): Promise<CalendarFile> {
  const booking = await findClientBooking(deps.db, clientId, bookingId);
  return bookingCalendarFile(deps, deps.db, booking);
}

export async function clientUpcomingBookings(
  deps: ReadDeps,
  clientId: string,
  now: Date,
): Promise<UpcomingBookings> {
  const [rows, view] = await Promise.all([
    listUpcomingBookings(deps.db, clientId, now),
    viewContext(deps, now),
  ]);
  // Each with its payment, so the client knows before cancelling what comes back, and how to pay
  // what is due by hand.
  const [payments, credit] = await Promise.all([
    deps.bookingPayments.clientBookingPayments(deps, rows),
    creditsOf(deps, rows),
  ]);
  return {
    bookings: rows.map((row) => {
      const found = payments.get(row.id);
      return {
        ...toBookingRecord(row, view),
        payment: found?.payment ?? null,
        credit: credit(row.id),
        ...found?.due,
      };
    }),
  };
}

/** Page 1 of 1 with 0 bookings when there are none; a page past the last answers with the last. */
export async function clientBookingsPage(
  deps: ReadDeps,
  clientId: string,
  page: number,
  now: Date,
): Promise<PastBookingsPage> {
  const total = await countPastBookings(deps.db, clientId, now);
  const window = pageWindow(total, page, PAST_BOOKINGS_PAGE_SIZE);
  const [rows, view] = await Promise.all([
    total === 0 ? Promise.resolve([]) : listPastBookings(deps.db, clientId, now, window),
    viewContext(deps, now),
  ]);
  const credit = await creditsOf(deps, rows);
  return {
    bookings: rows.map((row) => ({ ...toBookingRecord(row, view), credit: credit(row.id) })),
    currentPage: window.currentPage,
    totalPages: window.totalPages,
    totalBookings: total,
  };
}
