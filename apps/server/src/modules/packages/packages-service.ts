/**
 * The owner's packages and the public list (issue 24). Every owner change is audited in its own
 * transaction; a package's price follows the services' currency rule (decision 037): without a
 * currency, or with the site's, it follows the site's currency (and moves with it); another one is
 * the package's own.
 */
import {
  PACKAGE_MESSAGES,
  type AdminPackage,
  type AdminPackagesList,
  type PackagesList,
  type PublicPackage,
  type packageInputSchema,
  type packagePatchSchema,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditChange, insertAuditEntry } from '../audit';
import { loadSiteCurrency, settleServiceCurrency } from '../bookings';
import {
  findPackage,
  insertPackage,
  listPackages,
  lockPackage,
  replacePackageServices,
  serviceIdsBySlug,
  updatePackage,
  type PackageWithServices,
} from './packages-repository';

type PackageInput = z.output<typeof packageInputSchema>;
type PackagePatch = z.output<typeof packagePatchSchema>;

export function toPublicPackage(row: PackageWithServices): PublicPackage {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    services: row.services,
    sessions: row.sessions,
    priceMinor: row.priceMinor,
    currency: row.currency,
    validityDays: row.validityDays,
  };
}

function toAdminPackage(row: PackageWithServices): AdminPackage {
  return {
    ...toPublicPackage(row),
    active: row.active,
    ownCurrency: row.ownCurrency,
    purchases: row.purchases,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a package: its terms, without counts and times. */
function auditedTerms(row: PackageWithServices) {
  const { id: _id, ...terms } = toPublicPackage(row);
  return { ...terms, ownCurrency: row.ownCurrency, active: row.active };
}

export async function listPublicPackages(db: Db): Promise<PackagesList> {
  return { packages: (await listPackages(db, { activeOnly: true })).map(toPublicPackage) };
}

export async function listAdminPackages(db: Db): Promise<AdminPackagesList> {
  return { packages: (await listPackages(db, { activeOnly: false })).map(toAdminPackage) };
}

/** A malformed id is as unknown as a missing one: 404, not 400. */
export async function findPackageOr404(db: Db, id: string): Promise<PackageWithServices> {
  const found = isUuid(id) ? await findPackage(db, id) : undefined;
  if (!found) throw new HttpProblem(404, PACKAGE_MESSAGES.unknown);
  return found;
}

/** The services' ids in the order named; an unknown address name is a 400 on `services`. */
async function serviceIdsOf(tx: Tx, slugs: string[]): Promise<string[]> {
  const ids = await serviceIdsBySlug(tx, slugs);
  const unknown = slugs.filter((slug) => !ids.has(slug));
  if (unknown.length > 0) {
    throw new HttpProblem(400, `${PACKAGE_MESSAGES.serviceUnknown}: ${unknown.join(', ')}`, {
      errors: { services: [`${PACKAGE_MESSAGES.serviceUnknown}: ${unknown.join(', ')}`] },
    });
  }
  return slugs.map((slug) => ids.get(slug)!);
}

export async function createPackage(
  deps: Pick<AppDeps, 'db'>,
  actorId: string,
  input: PackageInput,
): Promise<AdminPackage> {
  return deps.db.transaction(async (tx) => {
    const serviceIds = await serviceIdsOf(tx, input.services);
    const row = await insertPackage(tx, {
      title: input.title,
      description: input.description,
      sessions: input.sessions,
      priceMinor: input.priceMinor,
      ...settleServiceCurrency(await loadSiteCurrency(tx), input.currency),
      validityDays: input.validityDays,
      active: input.active,
    });
    await replacePackageServices(tx, row.id, serviceIds);
    const created = (await findPackage(tx, row.id))!;
    await insertAuditEntry(tx, {
      actorId,
      action: 'package.create',
      target: row.id,
      details: { ...auditChange(null, auditedTerms(created)) },
    });
    return toAdminPackage(created);
  });
}

/**
 * PATCH: the fields sent change; the rest stay. Purchases keep the terms they were bought with
 * (title, sessions, price, validity are copied into each purchase); the services covered are the
 * package's, so a change of them applies to credits already bought.
 */
export async function changePackage(
  deps: Pick<AppDeps, 'db'>,
  actorId: string,
  id: string,
  patch: PackagePatch,
): Promise<AdminPackage> {
  return deps.db.transaction(async (tx) => {
    if (!isUuid(id) || !(await lockPackage(tx, id))) {
      throw new HttpProblem(404, PACKAGE_MESSAGES.unknown);
    }
    const before = (await findPackage(tx, id))!;
    const { services, currency, ...fields } = patch;
    if (services !== undefined)
      await replacePackageServices(tx, id, await serviceIdsOf(tx, services));
    await updatePackage(tx, id, {
      ...fields,
      // A currency sent is settled as at creation: the site's follows it, another is the package's own.
      ...(currency !== undefined && settleServiceCurrency(await loadSiteCurrency(tx), currency)),
    });
    const after = (await findPackage(tx, id))!;
    await insertAuditChange(tx, {
      actorId,
      action: 'package.update',
      target: id,
      change: auditChange(auditedTerms(before), auditedTerms(after)),
    });
    return toAdminPackage(after);
  });
}
