/** The queries of packages and the services they cover. */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { services } from '../bookings';
import { packageServices, packages } from './schema';

export type PackageRow = typeof packages.$inferSelect;
export type NewPackageRow = typeof packages.$inferInsert;

/** A package with the address names of its services, in the owner's order of services. */
export type PackageWithServices = PackageRow & { services: string[]; purchases: number };

// Written with qualified names: drizzle leaves a column's table out inside selected fields.
const serviceSlugs = sql<string[]>`coalesce((
  select array_agg(s.slug order by s.position, s.title)
  from package_services ps join services s on s.id = ps.service_id
  where ps.package_id = "packages"."id"
), '{}')`;

const purchaseCount = sql<number>`(
  select count(*)::int from package_purchases pp
  where pp.package_id = "packages"."id" and pp.state in ('pending_payment', 'paid')
)`;

function selectPackages(db: Db) {
  return db
    .select({ row: packages, services: serviceSlugs, purchases: purchaseCount })
    .from(packages);
}

function flatten(found: { row: PackageRow; services: string[]; purchases: number }) {
  return { ...found.row, services: found.services, purchases: found.purchases };
}

/** Active ones first, then the newest; `activeOnly` for the public list. */
export async function listPackages(
  db: Db,
  options: { activeOnly: boolean },
): Promise<PackageWithServices[]> {
  const rows = await selectPackages(db)
    .where(options.activeOnly ? eq(packages.active, true) : undefined)
    .orderBy(desc(packages.active), asc(packages.priceMinor), asc(packages.title));
  return rows.map(flatten);
}

export async function findPackage(db: Db, id: string): Promise<PackageWithServices | undefined> {
  const [found] = await selectPackages(db).where(eq(packages.id, id));
  return found ? flatten(found) : undefined;
}

/** The package's row locked for a change (the owner's edit, a purchase reading its terms). */
export async function lockPackage(tx: Tx, id: string): Promise<PackageRow | undefined> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
  return row;
}

export async function insertPackage(tx: Tx, values: NewPackageRow): Promise<PackageRow> {
  const [row] = await tx.insert(packages).values(values).returning();
  return row!;
}

export async function updatePackage(
  tx: Tx,
  id: string,
  values: Partial<NewPackageRow>,
): Promise<void> {
  await tx
    .update(packages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(packages.id, id));
}

/**
 * The packages that follow the site's currency and are priced in another one: what a change of the
 * site's currency moves. `lock` takes their rows for the change's transaction.
 */
export async function listPackagesFollowingSiteNotIn(
  db: Db,
  currency: string,
  options: { lock: boolean },
): Promise<PackageRow[]> {
  const query = db
    .select()
    .from(packages)
    .where(and(eq(packages.ownCurrency, false), ne(packages.currency, currency)))
    .orderBy(desc(packages.active), asc(packages.priceMinor), asc(packages.title));
  return options.lock ? query.for('update') : query;
}

/** Active packages with a price in a currency of their own other than `currency`. */
export async function listOwnCurrencyPackagesNotIn(
  db: Db,
  currency: string,
): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.ownCurrency, true),
        eq(packages.active, true),
        ne(packages.currency, currency),
        sql`${packages.priceMinor} > 0`,
      ),
    )
    .orderBy(asc(packages.priceMinor), asc(packages.title));
}

/** The ids of services named by their address names; unknown names are absent from the map. */
export async function serviceIdsBySlug(db: Db, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: services.id, slug: services.slug })
    .from(services)
    .where(inArray(services.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function replacePackageServices(
  tx: Tx,
  packageId: string,
  serviceIds: string[],
): Promise<void> {
  await tx.delete(packageServices).where(eq(packageServices.packageId, packageId));
  await tx
    .insert(packageServices)
    .values(serviceIds.map((serviceId) => ({ packageId, serviceId })));
}

/** Whether the package covers the service. */
export async function packageCoversService(
  db: Db,
  packageId: string,
  serviceId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(packageServices)
    .where(and(eq(packageServices.packageId, packageId), eq(packageServices.serviceId, serviceId)));
  return row !== undefined;
}
