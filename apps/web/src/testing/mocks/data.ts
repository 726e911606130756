/**
 * Test data in the API's own shapes (the shared package's types): a drift in a response type makes
 * these fail typecheck. Dates are fixed ISO strings; tests assert on the other fields.
 */
import {
  CONTACT_REQUEST_TYPES,
  consultationServiceSchema,
  paymentSettingsSchema,
  schedulingSettingsSchema,
  type AdminBookingDetail,
  type AdminBookingRecord,
  type AdminBookingsPage,
  type AdminPaymentRecord,
  type AdminPaymentsPage,
  type AdminTaskRecord,
  type AdminTasksPage,
  type AuditEntry,
  type BookingRecord,
  type ConsultationService,
  type InboxMessage,
  type InboxPage,
  type OutboxMailSummary,
  type PastBookingsPage,
  type PaymentRecord,
  type PaymentSettingsView,
  type PublicSite,
  type SchedulingSettings,
  type SignedInSession,
  type SiteDocument,
  type SiteService,
  type SystemStatus,
  type TaskRecord,
  type TwoFactorStatus,
  type User,
  type UsersPage,
} from '@consult/shared';

const CREATED = '2026-11-01T09:00:00.000Z';

export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? 'c1000000-0000-4000-8000-000000000001';
  return {
    _id: id,
    id,
    email: 'ada@example.com',
    name: 'Ada Client',
    phone: null,
    DOB: null,
    timeZone: 'Europe/London',
    role: 'user',
    emailVerified: true,
    emailVerifiedAt: CREATED,
    pendingEmail: null,
    disabled: false,
    createdAt: CREATED,
    ...overrides,
  };
}

export const clientUser = makeUser();
export const adminUser = makeUser({
  id: 'a1000000-0000-4000-8000-000000000001',
  email: 'owner@example.com',
  name: 'Olive Owner',
  role: 'admin',
});

const BOOKING_ID = 'b1000000-0000-4000-8000-000000000001';

export function makeTask(overrides: Partial<TaskRecord> = {}): TaskRecord {
  const id = overrides.id ?? 't1000000-0000-4000-8000-000000000001';
  return {
    _id: id,
    id,
    clientId: clientUser.id,
    bookingId: null,
    booking: null,
    title: 'Send the signed engagement letter',
    details: null,
    dueDate: null,
    status: 'open',
    completedAt: null,
    completedBy: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    overdue: false,
    ...overrides,
  };
}

export function makeAdminTask(overrides: Partial<AdminTaskRecord> = {}): AdminTaskRecord {
  return {
    ...makeTask(overrides),
    client: { id: clientUser.id, name: clientUser.name, email: clientUser.email },
    ...overrides,
  };
}

/** A confirmed, paid-for booking a week or so ahead; the client may still change it. */
export function makeBooking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  const id = overrides.id ?? BOOKING_ID;
  return {
    _id: id,
    id,
    reference: 'B7K3QX',
    service: {
      slug: 'strategy-session',
      title: 'Strategy session',
      durationMinutes: 60,
      meetingMode: 'video',
    },
    start: '2030-01-14T10:00:00.000Z',
    end: '2030-01-14T11:00:00.000Z',
    state: 'confirmed',
    notes: null,
    answers: [],
    priceMinor: 0,
    currency: 'GBP',
    paymentDue: false,
    paidAt: null,
    holdUntil: null,
    meetingUrl: 'https://meet.example.com/b7k3qx',
    address: null,
    clientChange: { allowed: true, cutoffAt: '2030-01-13T10:00:00.000Z', reason: null },
    createdAt: CREATED,
    updatedAt: CREATED,
    payment: null,
    ...overrides,
  };
}

export function makeAdminBooking(overrides: Partial<AdminBookingRecord> = {}): AdminBookingRecord {
  return {
    ...makeBooking(overrides),
    client: {
      id: clientUser.id,
      name: clientUser.name,
      email: clientUser.email,
      phone: null,
      timeZone: clientUser.timeZone,
    },
    ownerActions: { cancel: true, reschedule: true, complete: false, noShow: false, paid: false },
    ...overrides,
  };
}

export function makeAdminBookingDetail(
  overrides: Partial<AdminBookingDetail> = {},
): AdminBookingDetail {
  return { ...makeAdminBooking(overrides), events: [], payment: null, ...overrides };
}

export function makePayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  const id = overrides.id ?? 'p1000000-0000-4000-8000-000000000001';
  return {
    _id: id,
    id,
    kind: 'booking',
    bookingId: BOOKING_ID,
    bookingReference: 'B7K3QX',
    amountMinor: 15000,
    currency: 'GBP',
    provider: 'manual',
    status: 'paid',
    refundedMinor: 0,
    refundPendingMinor: 0,
    receiptNumber: '2026-0007',
    receiptVoid: false,
    createdAt: CREATED,
    paidAt: CREATED,
    paidMethod: 'bank_transfer',
    receivedOn: '2026-11-02',
    service: { title: 'Strategy session', start: '2030-01-14T10:00:00.000Z' },
    package: null,
    ...overrides,
  };
}

/** A package purchase's payment (decision 064): no booking, what was bought instead. */
export function makePackagePayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return makePayment({
    id: 'p2000000-0000-4000-8000-000000000002',
    kind: 'package',
    bookingId: null,
    bookingReference: null,
    amountMinor: 10000,
    service: null,
    package: {
      purchaseId: 'u2000000-0000-4000-8000-000000000002',
      title: 'Coaching session package',
      sessions: 5,
    },
    ...overrides,
  });
}

export function makeAdminPayment(overrides: Partial<AdminPaymentRecord> = {}): AdminPaymentRecord {
  return {
    ...makePayment(overrides),
    client: { id: clientUser.id, name: clientUser.name, email: clientUser.email },
    providerReference: null,
    note: null,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<InboxMessage> = {}): InboxMessage {
  const id = overrides.id ?? 'm1000000-0000-4000-8000-000000000001';
  return {
    _id: id,
    id,
    name: 'Grace Visitor',
    email: 'grace@example.com',
    phone: '',
    type: CONTACT_REQUEST_TYPES[0],
    message: 'Could we talk about a workshop for my team?',
    state: 'new',
    receivedAt: CREATED,
    handledAt: null,
    client: null,
    ...overrides,
  };
}

/** Pages of the owner's lists, one page holding what it is given. */
export const page = {
  tasks: (tasks: AdminTaskRecord[]): AdminTasksPage => ({
    tasks,
    currentPage: 1,
    totalPages: 1,
    totalTasks: tasks.length,
  }),
  bookings: (bookings: AdminBookingRecord[]): AdminBookingsPage => ({
    bookings,
    currentPage: 1,
    totalPages: 1,
    totalBookings: bookings.length,
  }),
  pastBookings: (bookings: BookingRecord[]): PastBookingsPage => ({
    bookings,
    currentPage: 1,
    totalPages: 1,
    totalBookings: bookings.length,
  }),
  payments: (payments: AdminPaymentRecord[]): AdminPaymentsPage => ({
    payments,
    currentPage: 1,
    totalPages: 1,
    totalPayments: payments.length,
    totals: [],
  }),
  messages: (messages: InboxMessage[]): InboxPage => ({
    messages,
    currentPage: 1,
    totalPages: 1,
    totalMessages: messages.length,
  }),
  users: (users: User[]): UsersPage => ({
    users,
    currentPage: 1,
    totalPages: 1,
    totalUsers: users.length,
  }),
};

/** The owner's scheduling settings: the shared schema's defaults, in London. */
export const schedulingSettings: SchedulingSettings = schedulingSettingsSchema.parse({
  rules: { timeZone: 'Europe/London' },
  weeklyHours: {},
});

export const siteService: SiteService = {
  slug: 'strategy-session',
  title: 'Strategy session',
  summary: 'An hour on where your business goes next.',
  description: '',
  durationMinutes: 60,
  priceMinor: 0,
  currency: 'GBP',
  meetingMode: 'video',
  questions: [],
};

/** GET /api/site: the public site and whether mail goes out. */
export const publicSite: PublicSite = {
  consultant: {
    name: 'Harbour Consulting',
    role: 'Business strategy consultant',
    tagline: '',
    initials: 'HC',
    location: '',
  },
  seo: { title: 'Harbour Consulting', description: 'Strategy for small firms.' },
  hero: { eyebrow: '', heading: 'Clear plans for small firms', lead: 'We help.', highlights: [] },
  about: { heading: 'About', paragraphs: ['Twenty years of practice.'], credentials: [] },
  portrait: null,
  faq: [{ question: 'How long is a session?', answer: 'An hour.' }],
  contact: { phone: '', email: '' },
  social: { professionalNetwork: '', microblog: '', chat: '' },
  terms: { markdown: 'Be kind.', updatedOn: '2026-11-01' },
  services: [siteService],
  mailDelivery: 'smtp',
};

/** The session of the device the test signs in on, and one on another device. */
export const currentSession: SignedInSession = {
  id: 's1000000-0000-4000-8000-000000000001',
  userAgent: 'Mozilla/5.0 (Macintosh) Firefox/140.0',
  device: 'Firefox on macOS',
  createdAt: CREATED,
  lastUsedAt: CREATED,
  ip: '203.0.113.x',
  current: true,
};

export const otherSession: SignedInSession = {
  ...currentSession,
  id: 's1000000-0000-4000-8000-000000000002',
  userAgent: 'Mozilla/5.0 (iPhone) Safari/18.0',
  device: 'Safari on iOS',
  ip: '198.51.100.x',
  current: false,
};

export const twoFactorOff: TwoFactorStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
};

/** GET /api/admin/system of a healthy server with mail delivery on. */
export const systemStatus: SystemStatus = {
  version: '1.4.2',
  uptimeSeconds: 3600,
  node: 'v24.0.0',
  database: {
    kind: 'postgres',
    ok: true,
    latencyMs: 2,
    sizeBytes: 8_000_000,
    migrationsApplied: 40,
  },
  mail: {
    delivery: 'smtp',
    pending: 0,
    sent: 12,
    failed: 0,
    notDelivered: 0,
    oldestPendingAt: null,
  },
  jobs: {
    started: true,
    jobs: [
      {
        name: 'mail-outbox',
        intervalMs: 2000,
        running: false,
        lastRunAt: CREATED,
        lastError: null,
        runs: 100,
        failures: 0,
      },
    ],
  },
  memory: { rssBytes: 120_000_000, heapUsedBytes: 60_000_000 },
  eventLoopDelayMs: { p50: 10, p99: 20, max: 30 },
  calendars: { failing: [] },
  backups: {
    schedule: { time: '03:00', keep: 14, directory: '/srv/consult/data/backups' },
    last: {
      at: CREATED,
      fileName: 'consult-daily-20261101-090000Z.sql.gz',
      sizeBytes: 2_500_000,
      kind: 'daily',
    },
    failure: null,
    running: false,
  },
};

export const outboxMail: OutboxMailSummary = {
  id: 'o1000000-0000-4000-8000-000000000001',
  to: clientUser.email,
  subject: 'Your booking is confirmed',
  state: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: CREATED,
  sentAt: CREATED,
  dueAt: null,
  gathering: false,
  erased: false,
};

export const auditEntry: AuditEntry = {
  id: 1,
  at: CREATED,
  actor: { id: adminUser.id, name: adminUser.name, email: adminUser.email },
  action: 'booking.cancelled',
  target: BOOKING_ID,
  details: {},
};

/** The owner's view of the one service the public site offers. */
export const adminService: ConsultationService = consultationServiceSchema.parse({
  id: 'v1000000-0000-4000-8000-000000000001',
  slug: siteService.slug,
  title: siteService.title,
  summary: siteService.summary,
  durationMinutes: siteService.durationMinutes,
  priceMinor: siteService.priceMinor,
  currency: siteService.currency,
  meetingMode: siteService.meetingMode,
  questions: [],
  ownCurrency: false,
});

/** GET /api/admin/payment-settings: the shared defaults, paid by hand (no Stripe keys). */
export const paymentSettings: PaymentSettingsView = {
  settings: paymentSettingsSchema.parse({ provider: 'manual' }),
  stripeConfigured: false,
  activeProvider: 'manual',
};

/** GET /api/admin/site: the public site's document, without its services. */
export const siteDocument: SiteDocument = (() => {
  const { services: _services, mailDelivery: _mail, ...document } = publicSite;
  return document;
})();
