/**
 * The audit log's words for the fields a change names, and its values as people read them: money
 * with its currency, rates in percent, instants in the owner's zone, days as days, Yes/No. The one
 * map of field labels (decision 038); a field it does not name is spelled out from its key.
 */
import { formatMoney } from '@consult/shared';
import { formatMediumDay, formatMoment } from '../../lib/date-time';

/** Labels by key (the last part of a dotted path), written as the settings screens name them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // Accounts
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  role: 'Role',
  disabled: 'Disabled',
  emailVerifiedAt: 'E-mail confirmed',
  timeZone: 'Time zone',
  dob: 'Date of birth',
  twoFactor: 'Two-factor sign-in',
  confirmedWith: 'Confirmed with',
  recoveryCodes: 'Recovery codes made',
  recoveryCodesLeft: 'Recovery codes left',
  requireTwoFactorForAdmins: 'Admins need two-factor sign-in',
  // Services
  title: 'Title',
  slug: 'Web address',
  description: 'Description',
  priceMinor: 'Price',
  currency: 'Currency',
  durationMinutes: 'Duration',
  meetingMode: 'Meeting',
  active: 'Bookable',
  position: 'Order',
  intakeQuestions: 'Questions before booking',
  // Hours and booking rules
  rules: 'Booking rules',
  weeklyHours: 'Weekly hours',
  dateOverrides: 'Special days',
  bufferMinutes: 'Break between sessions',
  slotStepMinutes: 'Start times every',
  minimumNoticeHours: 'Minimum notice',
  horizonDays: 'Bookable ahead',
  holdMinutes: 'Time to pay online',
  cancellationCutoffHours: 'Cancellation cutoff',
  maxBookingsPerDay: 'Most bookings a day',
  maxHeldBookingsPerClient: 'Bookings a client can hold unpaid (card)',
  maxUnpaidBookingsPerClient: 'Unpaid bookings per client (manual)',
  // Payments
  provider: 'Payment provider',
  manualInstructions: 'Payment instructions',
  clientRefundPercent: 'Refund on cancellation',
  businessName: 'Business name',
  businessAddress: 'Business address',
  taxId: 'Tax number',
  taxRateBasisPoints: 'Tax rate',
  receiptFooter: 'Receipt footer',
  amountMinor: 'Amount',
  refundedMinor: 'Refunded',
  refundPendingMinor: 'Refund on its way',
  status: 'Status',
  paymentStatus: 'Payment status',
  refundStatus: 'Refund status',
  receiptNumber: 'Receipt',
  paidAt: 'Paid',
  note: 'Note',
  reason: 'Reason',
  // Bookings and tasks
  state: 'State',
  start: 'Start',
  end: 'End',
  startAt: 'Start',
  dueDate: 'Due date',
  done: 'Done',
  completedAt: 'Done on',
  clientId: 'Client',
  bookingId: 'Booking',
  // Mail and messages
  subject: 'Subject',
  attempts: 'Attempts',
  lastError: 'Last error',
  sentTo: 'Sent to',
  // The owner's calendars (the address's host only: the address is a key)
  label: 'Name',
  host: 'Address host',
  addressChanged: 'New address',
  blockAllDay: 'All-day events block the day',
  blockEverything: 'Every event blocks',
};

/** "taxRateBasisPoints" → "Tax rate basis points" when the map does not name it. */
function spelledOut(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label; a dotted path names each part: "rules.bufferMinutes" → "Booking rules › Break between sessions". */
export function auditFieldLabel(field: string): string {
  return field
    .split('.')
    .map((part) => AUDIT_FIELD_LABELS[part] ?? spelledOut(part))
    .join(' › ');
}

export interface AuditValueContext {
  /** The owner's zone, for instants. */
  timeZone: string;
  /** The currency the entry's amounts are in, when it names one. */
  currency?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function plural(n: number, unit: string) {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** One value of a change, by what its key says it is; anything else as plain text. */
export function formatAuditField(
  field: string,
  value: unknown,
  context: AuditValueContext,
): string {
  if (value === null || value === undefined) return '—';
  const key = field.split('.').at(-1) ?? field;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (key.endsWith('Minor')) {
      return context.currency
        ? formatMoney(value, context.currency)
        : `${(value / 100).toFixed(2)} (currency not recorded)`;
    }
    if (key.endsWith('BasisPoints')) return `${Number((value / 100).toFixed(2))} %`;
    if (key.endsWith('Percent')) return `${value} %`;
    if (key.endsWith('Minutes')) return `${value} min`;
    if (key.endsWith('Hours')) return plural(value, 'hour');
    if (key.endsWith('Days')) return plural(value, 'day');
    return String(value);
  }
  if (typeof value === 'string') {
    if (value === '') return '(empty)';
    if (DAY.test(value)) return formatMediumDay(value);
    if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
      return formatMoment(value, context.timeZone);
    }
    return value;
  }
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}

/** The currency an entry's amounts are in: its own `currency`, before or after the change. */
export function auditCurrency(details: Record<string, unknown>): string | undefined {
  const candidates = [details.currency, pick(details.after), pick(details.before)];
  return candidates.find((c): c is string => typeof c === 'string' && /^[A-Z]{3}$/.test(c));
}

function pick(side: unknown): unknown {
  return typeof side === 'object' && side !== null && 'currency' in side
    ? (side as { currency: unknown }).currency
    : undefined;
}
