/**
 * Discount codes (issue 24): the owner's codes and their uses, the client's check of a code, and
 * the `DiscountCodeHooks` bookings and packages apply codes through (`deps.discountCodes`).
 */
import {
  COUPON_MESSAGES,
  COUPON_REFUSAL_MESSAGES,
  COUPON_REFUSED_PROBLEM_TYPE,
  calendarDayIn,
  couponDiscountKindError,
  couponTargetsError,
  couponValidityError,
  type AdminCoupon,
  type AdminCouponsList,
  type CouponCheckAnswer,
  type couponCheckSchema,
  type couponInputSchema,
  type couponPatchSchema,
  type CouponRefusalReason,
} from '@consult/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditChange, insertAuditEntry } from '../audit';
import { services, type DiscountCodeHooks, type DiscountTarget } from '../bookings';
import type { OwnerTimeZone } from '../clock';
import { packages } from '../packages';
import { judgeCoupon } from './coupon-rules';
import {
  countLiveUses,
  couponCovers,
  existingPackageIds,
  findCoupon,
  findCouponByCode,
  findUseOfBooking,
  findUseOfPurchase,
  insertCoupon,
  insertCouponUse,
  listCoupons,
  listUsesOfCoupons,
  lockCoupon,
  lockCouponByCode,
  replaceCouponTargets,
  serviceIdsBySlug,
  updateCoupon,
  type CouponRow,
  type CouponUseWithTarget,
  type CouponWithTargets,
} from './coupons-repository';

type CouponInput = z.output<typeof couponInputSchema>;
type CouponPatch = z.output<typeof couponPatchSchema>;
type CouponCheck = z.output<typeof couponCheckSchema>;

function toAdminCoupon(row: CouponWithTargets, uses: CouponUseWithTarget[]): AdminCoupon {
  return {
    ...couponTerms(row),
    id: row.id,
    redemptions: uses.filter((use) => use.state === 'redeemed').length,
    reserved: uses.filter((use) => use.state === 'reserved').length,
    uses: uses.map((found) => ({
      id: found.use.id,
      client: found.client,
      kind: found.use.bookingId !== null ? 'booking' : 'package',
      bookingId: found.use.bookingId,
      bookingReference: found.bookingReference,
      purchaseId: found.use.purchaseId,
      title: found.serviceTitle ?? found.packageTitle ?? '',
      originalMinor: found.use.originalMinor,
      discountMinor: found.use.discountMinor,
      totalMinor: found.use.originalMinor - found.use.discountMinor,
      currency: found.use.currency,
      at: found.use.createdAt.toISOString(),
      state: found.state,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the owner sets of a code: its audit entries' before and after. */
function couponTerms(row: CouponWithTargets) {
  return {
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    appliesTo: row.appliesTo,
    services: row.services,
    packages: row.packages,
    validFrom: row.validFrom,
    validTo: row.validTo,
    totalLimit: row.totalLimit,
    perClientLimit: row.perClientLimit,
    active: row.active,
  };
}

async function viewCoupon(db: Db, id: string): Promise<AdminCoupon> {
  const row = (await findCoupon(db, id))!;
  return toAdminCoupon(row, await listUsesOfCoupons(db, [id]));
}

/** GET /api/admin/coupons: every code, active ones first, each with its uses. */
export async function listAdminCoupons(db: Db): Promise<AdminCouponsList> {
  const rows = await listCoupons(db);
  const uses = await listUsesOfCoupons(
    db,
    rows.map((row) => row.id),
  );
  return {
    coupons: rows.map((row) =>
      toAdminCoupon(
        row,
        uses.filter((found) => found.use.couponId === row.id),
      ),
    ),
  };
}

/** A malformed id is as unknown as a missing one: 404, not 400. */
export async function findAdminCoupon(db: Db, id: string): Promise<AdminCoupon> {
  if (!isUuid(id) || !(await findCoupon(db, id))) {
    throw new HttpProblem(404, COUPON_MESSAGES.unknown);
  }
  return viewCoupon(db, id);
}

function badInput(field: string, message: string): HttpProblem {
  return new HttpProblem(400, message, { errors: { [field]: [message] } });
}

/** The services' ids and packages' ids the code names; an unknown one is a 400 on its field. */
async function targetIdsOf(tx: Tx, targets: { services: string[]; packages: string[] }) {
  const serviceIds = await serviceIdsBySlug(tx, targets.services);
  const unknownServices = targets.services.filter((slug) => !serviceIds.has(slug));
  if (unknownServices.length > 0) {
    throw badInput('services', `${COUPON_MESSAGES.serviceUnknown}: ${unknownServices.join(', ')}`);
  }
  const packageIds = await existingPackageIds(tx, targets.packages.filter(isUuid));
  const unknownPackages = targets.packages.filter((id) => !packageIds.has(id));
  if (unknownPackages.length > 0) {
    throw badInput('packages', `${COUPON_MESSAGES.packageUnknown}: ${unknownPackages.join(', ')}`);
  }
  return {
    serviceIds: targets.services.map((slug) => serviceIds.get(slug)!),
    packageIds: targets.packages,
  };
}

function codeTaken(): HttpProblem {
  return new HttpProblem(409, COUPON_MESSAGES.codeTaken, {
    errors: { code: [COUPON_MESSAGES.codeTaken] },
  });
}

/** POST /api/admin/coupons: a new code with what it applies to, audited. */
export async function createCoupon(
  deps: Pick<AppDeps, 'db'>,
  actorId: string,
  input: CouponInput,
): Promise<AdminCoupon> {
  return deps.db.transaction(async (tx) => {
    const targets = await targetIdsOf(tx, input);
    const row = await insertCoupon(tx, {
      code: input.code,
      percentOff: input.percentOff,
      amountOff: input.amountOff,
      appliesTo: input.appliesTo,
      validFrom: input.validFrom,
      validTo: input.validTo,
      totalLimit: input.totalLimit,
      perClientLimit: input.perClientLimit,
      active: input.active,
    });
    if (!row) throw codeTaken();
    await replaceCouponTargets(tx, row.id, targets);
    const created = (await findCoupon(tx, row.id))!;
    await insertAuditEntry(tx, {
      actorId,
      action: 'coupon.create',
      target: row.id,
      details: { ...auditChange(null, couponTerms(created)) },
    });
    return toAdminCoupon(created, []);
  });
}

/**
 * The code as a patch would leave it: a percentage replaces an amount off and the other way round;
 * a new `appliesTo` without its list empties the lists it no longer uses.
 */
function patched(before: CouponWithTargets, patch: CouponPatch) {
  const percentOff =
    patch.percentOff !== undefined ? patch.percentOff : patch.amountOff ? null : before.percentOff;
  const amountOff =
    patch.amountOff !== undefined ? patch.amountOff : patch.percentOff ? null : before.amountOff;
  const appliesTo = patch.appliesTo ?? before.appliesTo;
  const listFor = (kind: 'services' | 'packages', kept: string[]) =>
    patch[kind] ?? (patch.appliesTo !== undefined && appliesTo !== kind ? [] : kept);
  return {
    percentOff,
    amountOff,
    appliesTo,
    services: listFor('services', before.services),
    packages: listFor('packages', before.packages),
    validFrom: patch.validFrom !== undefined ? patch.validFrom : before.validFrom,
    validTo: patch.validTo !== undefined ? patch.validTo : before.validTo,
  };
}

/**
 * PATCH /api/admin/coupons/:id: the fields sent change, the rest stay; the code as it would be is
 * checked whole (400 on the field at fault). Uses already made keep the discount they got.
 */
export async function changeCoupon(
  deps: Pick<AppDeps, 'db'>,
  actorId: string,
  id: string,
  patch: CouponPatch,
): Promise<AdminCoupon> {
  return deps.db.transaction(async (tx) => {
    if (!isUuid(id) || !(await lockCoupon(tx, id))) {
      throw new HttpProblem(404, COUPON_MESSAGES.unknown);
    }
    const before = (await findCoupon(tx, id))!;
    const after = patched(before, patch);
    const kind = couponDiscountKindError(after);
    if (kind) throw badInput('percentOff', kind);
    const targetsWrong = couponTargetsError(after);
    if (targetsWrong) throw badInput(targetsWrong.path, targetsWrong.message);
    const validity = couponValidityError(after);
    if (validity) throw badInput('validTo', validity);
    const { services: _services, packages: _packages, ...fields } = after;
    const updated = await updateCoupon(tx, id, {
      ...fields,
      ...(patch.code !== undefined && { code: patch.code }),
      ...(patch.totalLimit !== undefined && { totalLimit: patch.totalLimit }),
      ...(patch.perClientLimit !== undefined && { perClientLimit: patch.perClientLimit }),
      ...(patch.active !== undefined && { active: patch.active }),
    });
    if (!updated) throw codeTaken();
    await replaceCouponTargets(tx, id, await targetIdsOf(tx, after));
    const changed = (await findCoupon(tx, id))!;
    await insertAuditChange(tx, {
      actorId,
      action: 'coupon.update',
      target: id,
      change: auditChange(couponTerms(before), couponTerms(changed)),
    });
    return toAdminCoupon(changed, await listUsesOfCoupons(tx, [id]));
  });
}

/** What a code is checked against: the price of the service or package asked about. */
async function pricedTarget(
  db: Db,
  input: CouponCheck,
): Promise<{ target: DiscountTarget; priceMinor: number; currency: string }> {
  if (input.service !== undefined) {
    const [service] = await db
      .select({ id: services.id, priceMinor: services.priceMinor, currency: services.currency })
      .from(services)
      .where(and(eq(services.slug, input.service), eq(services.active, true)));
    if (!service) throw new HttpProblem(404, COUPON_MESSAGES.checkServiceUnknown);
    return {
      target: { kind: 'service', serviceId: service.id },
      priceMinor: service.priceMinor,
      currency: service.currency,
    };
  }
  const id = input.package!;
  const [offer] = isUuid(id)
    ? await db
        .select({ id: packages.id, priceMinor: packages.priceMinor, currency: packages.currency })
        .from(packages)
        .where(and(eq(packages.id, id), eq(packages.active, true)))
    : [];
  if (!offer) throw new HttpProblem(404, COUPON_MESSAGES.checkPackageUnknown);
  return {
    target: { kind: 'package', packageId: offer.id },
    priceMinor: offer.priceMinor,
    currency: offer.currency,
  };
}

/** Judges the code for this client, target and price, with the uses counted as they are now. */
async function judge(
  db: Db,
  ownerTimeZone: OwnerTimeZone,
  coupon: CouponRow | undefined,
  request: { clientId: string; target: DiscountTarget; priceMinor: number; currency: string },
  now: Date,
) {
  const today = calendarDayIn(now, await ownerTimeZone.get(db));
  const covers = coupon ? await couponCovers(db, coupon, request.target) : false;
  const uses = coupon
    ? await countLiveUses(db, coupon.id, request.clientId)
    : { total: 0, client: 0 };
  return judgeCoupon(coupon, { today, covers, uses, ...request });
}

/**
 * POST /api/coupons/check: what the code would take off the service's or package's price for the
 * signed-in client now. Nothing is reserved: the booking or purchase checks again under the lock.
 */
export async function checkCoupon(
  deps: Pick<AppDeps, 'db' | 'clock' | 'ownerTimeZone'>,
  clientId: string,
  input: CouponCheck,
): Promise<CouponCheckAnswer> {
  const priced = await pricedTarget(deps.db, input);
  const coupon = await findCouponByCode(deps.db, input.code);
  const verdict = await judge(
    deps.db,
    deps.ownerTimeZone,
    coupon,
    { clientId, ...priced },
    deps.clock(),
  );
  if (!verdict.ok) {
    return {
      valid: false,
      discountMinor: 0,
      totalMinor: priced.priceMinor,
      currency: priced.currency,
      reason: verdict.reason,
    };
  }
  return {
    valid: true,
    discountMinor: verdict.discountMinor,
    totalMinor: priced.priceMinor - verdict.discountMinor,
    currency: priced.currency,
  };
}

/** The 409 of a booking or purchase whose code cannot be used: nothing is made. */
export function couponRefused(reason: CouponRefusalReason): HttpProblem {
  const message = COUPON_REFUSAL_MESSAGES[reason];
  return new HttpProblem(409, message, {
    type: COUPON_REFUSED_PROBLEM_TYPE,
    errors: { couponCode: [message] },
    members: { reason },
  });
}

/** The coupons module's side of bookings and purchases (`deps.discountCodes`). */

/** A recorded use as the discount a booking's or a purchase's answer names; null without one. */
function discountOfUse(found: Awaited<ReturnType<typeof findUseOfBooking>>) {
  return found
    ? {
        code: found.code,
        originalMinor: found.use.originalMinor,
        discountMinor: found.use.discountMinor,
      }
    : null;
}

export function discountCodeHooks(ownerTimeZone: OwnerTimeZone): DiscountCodeHooks {
  return {
    async applyCode(tx, request) {
      const coupon = await lockCouponByCode(tx, request.code);
      const verdict = await judge(tx, ownerTimeZone, coupon, request, request.now);
      if (!verdict.ok) throw couponRefused(verdict.reason);
      return {
        couponId: coupon!.id,
        code: coupon!.code,
        clientId: request.clientId,
        originalMinor: request.priceMinor,
        discountMinor: verdict.discountMinor,
        totalMinor: request.priceMinor - verdict.discountMinor,
        currency: request.currency,
      };
    },

    async recordUse(tx, applied, use) {
      await insertCouponUse(tx, {
        couponId: applied.couponId,
        clientId: applied.clientId,
        ...use,
        originalMinor: applied.originalMinor,
        discountMinor: applied.discountMinor,
        currency: applied.currency,
      });
    },

    async discountOfBooking(db, bookingId) {
      return discountOfUse(await findUseOfBooking(db, bookingId));
    },

    async discountOfPurchase(db, purchaseId) {
      return discountOfUse(await findUseOfPurchase(db, purchaseId));
    },
  };
}
