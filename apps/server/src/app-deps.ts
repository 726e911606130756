/**
 * What the services work with, built once in `app.ts` and handed to each route plugin in its
 * options: services never see the Fastify instance. A service opens its transactions on `db`;
 * code that must run inside one takes the transaction (`Tx`) as a parameter instead.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { AfterResponse } from './jobs/after-response';
import type { JobRunner } from './jobs/job-runner';
import type { AccountPrivacy } from './modules/account';
import type { AccountKeys, SignedInCache } from './modules/auth';
import type {
  AvailabilityCache,
  BookingCreditHooks,
  DiscountCodeHooks,
  BookingPaymentHooks,
  CalendarBusyTimes,
  SiteCurrencyFollower,
} from './modules/bookings';
import type { CalendarReading } from './modules/calendars';
import type { OwnerTimeZone } from './modules/clock';
import type { Mailer } from './modules/mail';
import type { PackagePaymentHooks, PaymentProviders } from './modules/payments';
import type { SiteServiceCatalogue } from './modules/site';
import type { BackupSettings } from './modules/system';

/**
 * The settings services read: links in mails, where the owner's copies go, the configured admin,
 * whether mail leaves by SMTP (the first-run checklist), and whether cookies are `Secure`.
 */
export type ServiceConfig = Pick<
  AppConfig,
  'APP_URL' | 'OWNER_EMAIL' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'SMTP_URL' | 'usesHttps'
>;

/** What the health and system screens report on. */
export interface SystemDeps {
  database: Database;
  jobs: JobRunner;
  version: string;
  /** When the app was built, in epoch milliseconds. */
  startedAt: number;
}

export interface AppDeps {
  /** The database, never a transaction. */
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The current instant; services take "now" from it. */
  clock: () => Date;
  /** The owner's time zone, cached until the settings change (modules/clock). */
  ownerTimeZone: OwnerTimeZone;
  config: ServiceConfig;
  accountKeys: AccountKeys;
  availabilityCache: AvailabilityCache;
  /** The signed-in users and sessions, kept true by the database's notifications (decision 049). */
  signedIn: SignedInCache;
  /** Manual always; Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  payments: PaymentProviders;
  /** Work a route starts without waiting for it (see jobs/after-response.ts). */
  afterResponse: AfterResponse;
  system: SystemDeps;
  /** Where the daily backup goes, when it is taken and how many are kept (decision 061). */
  backups: BackupSettings;
  /** The account's export and erasure, implemented by `modules/people` (they touch every module). */
  accountPrivacy: AccountPrivacy;
  /** The owner's calendars' busy times for availability, implemented by `modules/calendars` (059). */
  calendarBusy: CalendarBusyTimes;
  /** How the owner's calendars are read: the policy, the limits, the interval (decision 059). */
  calendarReading: CalendarReading;
  /** A booking's payment steps (open, settle on cancel, checkout, receipts), implemented by `modules/payments`. */
  bookingPayments: BookingPaymentHooks;
  /** What a package purchase's payment does to the purchase (paid, cancelled), implemented by `modules/packages`. */
  packagePayments: PackagePaymentHooks;
  /** A booking's package credit (spent, given back, forfeited), implemented by `modules/packages`. */
  bookingCredits: BookingCreditHooks;
  /** Discount codes applied to bookings and package purchases, implemented by `modules/coupons`. */
  discountCodes: DiscountCodeHooks;
  /**
   * What follows the site's currency besides services: packages, discount codes' fixed amounts
   * (implemented by `modules/packages` and `modules/coupons`, decision 037).
   */
  siteCurrencyFollowers: readonly SiteCurrencyFollower[];
  /** The services the site's pages offer, implemented by `modules/bookings` (the services table). */
  siteServices: SiteServiceCatalogue;
  /**
   * The consultant's name as the site shows it, the issuer of a two-factor secret: read by `site`,
   * which sits above `auth` (decision 053).
   */
  consultantName: (db: Db) => Promise<string>;
}

/** The options every route plugin of the API receives. */
export interface RouteOptions {
  deps: AppDeps;
}
