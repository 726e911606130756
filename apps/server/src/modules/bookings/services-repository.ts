/** The consultation services table: queries only; rules live in the shared schemas. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ConsultationService, ServiceInput } from '@consult/shared';
import { sameAmountIn, serviceInputSchema } from '@consult/shared';
import type { Db } from '../../db/client';
import { insertSettingIfAbsent } from '../../db/settings-repository';
import { bookings, services } from './schema';

export type ServiceRow = typeof services.$inferSelect;

export function toConsultationService(row: ServiceRow): ConsultationService {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    description: row.description,
    durationMinutes: row.durationMinutes,
    priceMinor: row.priceMinor,
    currency: row.currency,
    meetingMode: row.meetingMode,
    address: row.address,
    active: row.active,
    order: row.position,
    questions: row.questions,
    ownCurrency: row.ownCurrency,
  };
}

/** In the owner's order; `activeOnly` for the public list. */
export async function listServices(
  db: Db,
  options: { activeOnly: boolean },
): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(options.activeOnly ? eq(services.active, true) : undefined)
    .orderBy(asc(services.position), asc(services.title));
}

export async function findServiceBySlug(db: Db, slug: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.slug, slug));
  return row;
}

export async function findServiceById(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row;
}

/** The owner's input with its currency settled against the site's (site-currency.ts). */
export type StoredServiceInput = Omit<ReturnType<typeof serviceInputSchema.parse>, 'currency'> & {
  currency: string;
  ownCurrency: boolean;
};

function columnsOf(input: StoredServiceInput) {
  return {
    slug: input.slug,
    title: input.title,
    summary: input.summary,
    description: input.description,
    durationMinutes: input.durationMinutes,
    priceMinor: input.priceMinor,
    currency: input.currency,
    ownCurrency: input.ownCurrency,
    meetingMode: input.meetingMode,
    // Only in-person meetings have a place.
    address: input.meetingMode === 'in_person' ? input.address : null,
    active: input.active,
    position: input.order,
    // A new question gets its id here; a kept one keeps it, so answers can refer to it.
    questions: input.questions.map((question) => ({
      ...question,
      id: question.id ?? randomUUID(),
    })),
  };
}

/** Throws the database's unique violation (23505) when the slug is taken. */
export async function insertService(db: Db, input: StoredServiceInput): Promise<ServiceRow> {
  const [row] = await db.insert(services).values(columnsOf(input)).returning();
  return row!;
}

export async function updateService(
  db: Db,
  id: string,
  input: StoredServiceInput,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning();
  return row;
}

/** The services that follow the site's currency but are not in `currency` (yet). */
export async function listServicesFollowingSiteNotIn(
  db: Db,
  currency: string,
): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(and(eq(services.ownCurrency, false), ne(services.currency, currency)))
    .orderBy(asc(services.position), asc(services.title))
    .for('update');
}

export async function setServicePrice(
  db: Db,
  id: string,
  price: { currency: string; priceMinor: number },
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ ...price, updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning();
  return row;
}

/** Bookings keep a service (foreign key, restrict); callers check this first for a clear message. */
export async function serviceHasBookings(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(eq(bookings.serviceId, id))
    .limit(1);
  return row !== undefined;
}

export async function deleteService(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
  return rows.length > 0;
}

const SERVICES_SEEDED_KEY = 'services_seeded';

/**
 * Writes the first services once per database (several nodes may start at once). A marker rather
 * than "table empty", so an owner who removed every service does not get the demo ones back.
 */
export async function seedServicesOnce(
  db: Db,
  first: readonly ServiceInput[],
  currency: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await insertSettingIfAbsent(tx, SERVICES_SEEDED_KEY, true))) return false;
    for (const service of first) {
      const parsed = serviceInputSchema.parse(service);
      const priceMinor = sameAmountIn(parsed.priceMinor, parsed.currency ?? currency, currency);
      await tx
        .insert(services)
        .values(columnsOf({ ...parsed, priceMinor, currency, ownCurrency: false }))
        .onConflictDoNothing({ target: services.slug });
    }
    return true;
  });
}
