/**
 * The owner's booking configuration (the admin's config screen): services and scheduling
 * settings. Every change is written to the audit log in the same transaction as the change.
 */
import {
  BOOKING_MESSAGES,
  type ConsultationService,
  type SchedulingSettings,
  type SlotPreview,
  type serviceInputSchema,
  type slotPreviewRequestSchema,
} from '@consult/shared';
import type { AppDeps } from '../../../app-deps';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { isUuid } from '../../../db/uuid';
import { HttpProblem } from '../../../plugins/errors';
import { insertAuditChange, insertAuditEntry, auditChange, isEmptyChange } from '../../audit';
import { listBusyRanges } from '../bookings-repository';
import { isUniqueViolation } from '../../../db/database-errors';
import { loadSchedulingSettings, saveSchedulingSettings } from '../scheduling-settings';
import { loadSiteCurrency, settleServiceCurrency } from '../site-currency';
import {
  deleteService,
  findServiceById,
  findServiceBySlug,
  insertService,
  listServices,
  serviceHasBookings,
  toConsultationService,
  updateService,
  type ServiceRow,
} from '../services-repository';
import { rangeForDays } from '../../clock';
import { busyWindowFor, offerWindow } from '../availability/slots';
import type { CalendarBusyTimes } from '../availability/calendar-busy';
import { explainSlots } from '../availability/slot-reasons';

type ServiceInput = z.output<typeof serviceInputSchema>;
type SlotPreviewRequest = z.output<typeof slotPreviewRequestSchema>;

function slugTaken(): HttpProblem {
  return new HttpProblem(409, BOOKING_MESSAGES.serviceSlugTaken, {
    errors: { slug: [BOOKING_MESSAGES.serviceSlugTaken] },
  });
}

/** A malformed id is as unknown as a missing one: 404, not 400. */
async function findServiceOr404(db: Db, id: string): Promise<ServiceRow> {
  const service = isUuid(id) ? await findServiceById(db, id) : undefined;
  if (!service) throw new HttpProblem(404, BOOKING_MESSAGES.serviceUnknown);
  return service;
}

export async function listAllServices(db: Db): Promise<{ services: ConsultationService[] }> {
  const rows = await listServices(db, { activeOnly: false });
  return { services: rows.map(toConsultationService) };
}

/**
 * The slug is checked first for a clear 409; two owners saving the same slug at once are settled
 * by the unique index, answered with the same 409.
 */
async function withSlugConflictAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function createService(
  deps: Pick<AppDeps, 'db' | 'log'>,
  actorId: string,
  input: ServiceInput,
): Promise<ConsultationService> {
  return withSlugConflictAs409(() =>
    deps.db.transaction(async (tx) => {
      if (await findServiceBySlug(tx, input.slug)) throw slugTaken();
      const currency = settleServiceCurrency(await loadSiteCurrency(tx), input.currency);
      const row = await insertService(tx, { ...input, ...currency });
      const service = toConsultationService(row);
      await insertAuditEntry(tx, {
        actorId,
        action: 'service.create',
        target: row.id,
        details: { ...auditChange(null, service) },
      });
      return service;
    }),
  );
}

export async function replaceService(
  deps: Pick<AppDeps, 'db' | 'log'>,
  actorId: string,
  id: string,
  input: ServiceInput,
): Promise<ConsultationService> {
  return withSlugConflictAs409(() =>
    deps.db.transaction(async (tx) => {
      const before = await findServiceOr404(tx, id);
      const sameSlug = await findServiceBySlug(tx, input.slug);
      if (sameSlug && sameSlug.id !== id) throw slugTaken();
      const currency = settleServiceCurrency(await loadSiteCurrency(tx), input.currency);
      const row = await updateService(tx, id, { ...input, ...currency });
      if (!row) throw new HttpProblem(404, BOOKING_MESSAGES.serviceUnknown);
      const service = toConsultationService(row);
      await insertAuditChange(tx, {
        actorId,
        action: 'service.update',
        target: id,
        change: auditChange(toConsultationService(before), service),
        facts: { currency: service.currency },
      });
      return service;
    }),
  );
}

export async function removeService(
  deps: Pick<AppDeps, 'db' | 'log'>,
  actorId: string,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const service = await findServiceOr404(tx, id);
    // Bookings keep their service (foreign key, restrict): say why instead of failing on it.
    if (await serviceHasBookings(tx, id)) {
      throw new HttpProblem(409, BOOKING_MESSAGES.serviceHasBookings);
    }
    await deleteService(tx, id);
    await insertAuditEntry(tx, {
      actorId,
      action: 'service.delete',
      target: id,
      details: { ...auditChange(toConsultationService(service), null) },
    });
  });
}

export async function saveScheduling(
  deps: Pick<AppDeps, 'db' | 'log'>,
  actorId: string,
  input: SchedulingSettings,
): Promise<SchedulingSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await loadSchedulingSettings(tx, deps.log);
    const saved = await saveSchedulingSettings(tx, input);
    // The rules compare one by one, so a changed notice shows without the whole rule set.
    const rules = auditChange(before.rules, saved.rules);
    const rest = auditChange({ ...before, rules: null }, { ...saved, rules: null });
    if (!isEmptyChange(rules) || !isEmptyChange(rest)) {
      await insertAuditEntry(tx, {
        actorId,
        action: 'scheduling.update',
        target: 'scheduling',
        details: {
          before: { ...rest.before, ...(!isEmptyChange(rules) && { rules: rules.before }) },
          after: { ...rest.after, ...(!isEmptyChange(rules) && { rules: rules.after }) },
        },
      });
    }
    return saved;
  });
}

/**
 * The slots a draft of the settings offers for one service on one owner-local day. Notice and
 * horizon are set aside by computing as if "now" were the day's first instant with a one-day
 * horizon, so any day (past or far ahead) can be checked; held and confirmed bookings and the
 * owner's calendars still count. Each start of the day's hours comes with why it is not offered.
 */
export async function previewSlots(
  db: Db,
  calendars: CalendarBusyTimes,
  request: SlotPreviewRequest,
): Promise<SlotPreview> {
  const service = await findServiceBySlug(db, request.service);
  if (!service) {
    throw new HttpProblem(400, BOOKING_MESSAGES.serviceUnknown, {
      errors: { service: [BOOKING_MESSAGES.serviceUnknown] },
    });
  }
  const { timeZone } = request.settings.rules;
  const day = rangeForDays(request.date, request.date, timeZone);
  const config = {
    ...request.settings,
    rules: { ...request.settings.rules, minimumNoticeHours: 0, horizonDays: 1 },
  };
  const busyWindow = busyWindowFor(day, config);
  const busy = await listBusyRanges(db, busyWindow);
  const window = offerWindow(day, day.start, config);
  const candidates = window
    ? explainSlots(service, window, config, busy, await calendars.explainedBusyIn(db, busyWindow))
    : [];
  const slots = candidates.filter((slot) => slot.offered).map((slot) => slot.start);
  return { date: request.date, timeZone, slots, candidates };
}
