/** All tables, for the typed database handle. Each module owns its own schema file; the settings store is the platform's. */
export * from './settings-schema';
export * from '../modules/audit/schema';
export * from '../modules/auth/schema';
export * from '../modules/mail/schema';
export * from '../modules/site/schema';
export * from '../modules/users/schema';
export * from '../modules/bookings/schema';
export * from '../modules/payments/schema';
export * from '../modules/tasks/schema';
export * from '../modules/calendars/schema';
export * from '../modules/packages/schema';
export * from '../modules/coupons/schema';
export * from '../modules/system/schema';
export * from '../modules/waitlist/schema';
