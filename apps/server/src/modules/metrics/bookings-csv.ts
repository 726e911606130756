/**
 * The range's bookings as CSV, written page by page (keyset paging) so a year of bookings never
 * sits in memory. Times are the owner's wall clock; cells a spreadsheet would run as formulas are
 * defused by `csvCell`.
 */
import { Readable } from 'node:stream';
import { DateTime } from 'luxon';
import {
  BOOKING_STATE_LABELS,
  csvCell,
  plainAmount,
  type DayRange,
  type MetricsQuery,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { bookingsCsvPage, type BookingCsvRow } from './metrics-repository';
import { boundsOf, resolveRange } from './metrics-service';

const CSV_PAGE_SIZE = 1000;

const HEADER = [
  'Booking',
  'Start',
  'End',
  'Time zone',
  'State',
  'Service',
  'Minutes',
  'Price',
  'Currency',
  'Client',
  'Client e-mail',
  'Payment',
  'Paid',
  'Refunded',
  'Cancelled at',
];

function line(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvLine(row: BookingCsvRow, timeZone: string): string {
  const local = (instant: Date) =>
    DateTime.fromJSDate(instant, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm');
  return line([
    row.id,
    local(row.startAt),
    local(row.endAt),
    timeZone,
    BOOKING_STATE_LABELS[row.state],
    row.serviceTitle,
    row.durationMinutes,
    plainAmount(row.priceMinor, row.currency),
    row.currency,
    row.clientName,
    row.clientEmail,
    row.paymentStatus,
    row.paidMinor === null ? null : plainAmount(row.paidMinor, row.currency),
    row.refundedMinor === null ? null : plainAmount(row.refundedMinor, row.currency),
    row.cancelledAt ? local(row.cancelledAt) : null,
  ]);
}

export interface BookingsCsv {
  filename: string;
  stream: Readable;
}

export async function bookingsCsv(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'ownerTimeZone'>,
  query: MetricsQuery,
): Promise<BookingsCsv> {
  const timeZone = await deps.ownerTimeZone.get(deps.db);
  const range: DayRange = resolveRange(query, timeZone, deps.clock());
  const bounds = boundsOf(range, timeZone);
  async function* lines() {
    yield line(HEADER);
    let after: { startAt: Date; id: string } | null = null;
    for (;;) {
      const page = await bookingsCsvPage(deps.db, bounds, after, CSV_PAGE_SIZE);
      if (page.length > 0) yield page.map((row) => csvLine(row, timeZone)).join('');
      if (page.length < CSV_PAGE_SIZE) return;
      const last = page[page.length - 1]!;
      after = { startAt: last.startAt, id: last.id };
    }
  }
  return {
    filename: `bookings-${range.from}-to-${range.to}.csv`,
    stream: Readable.from(lines(), { objectMode: false }),
  };
}
