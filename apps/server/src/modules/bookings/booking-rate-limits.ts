/**
 * The budget of a client's booking changes (decision 045): creating, cancelling and rescheduling
 * count together, per account and per client address. A real client books a few times a month;
 * a loop of bookings and cancellations (each one mails the client and the owner) is stopped
 * within 20 rounds.
 */
import { HOUR_MS } from '@consult/shared';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { limitBy, type LimitRule } from '../auth';

export const BOOKING_CHANGE_LIMITS = {
  perAccount: { max: 40, windowMs: HOUR_MS },
  /** Several clients may share an address (an office); one person cannot reach it alone. */
  perIp: { max: 200, windowMs: HOUR_MS },
} satisfies Record<string, LimitRule>;

/** Pre-handlers for a client's booking change, after authentication; over budget is 429. */
export function bookingChangeBudgets(app: FastifyInstance): preHandlerAsyncHookHandler[] {
  return [
    limitBy(app, 'booking-change-ip', BOOKING_CHANGE_LIMITS.perIp, (request) => request.ip),
    limitBy(
      app,
      'booking-change-account',
      BOOKING_CHANGE_LIMITS.perAccount,
      (request) => request.user?.id,
    ),
  ];
}
