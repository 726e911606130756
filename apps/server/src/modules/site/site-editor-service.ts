/**
 * The owner's edits of the site content: the whole document is replaced in one transaction that
 * also writes the audit entry with each changed field before and after. Nothing caches the content
 * (every page and GET /api/site reads the row), so the next request on any node shows the edit
 * (decision 032).
 */
import {
  PORTRAIT_WIDTHS,
  siteDocumentSchema,
  type SiteDocument,
  type SiteEdit,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { insertAuditEntry } from '../audit';
import { HttpProblem } from '../../plugins/errors';
import { ZoneClock, wallMsToDate } from '../clock';
import { demoSiteContent } from './demo-site-content';
import { ownerSiteDocument, type OwnerFacts } from './owner-site-content';
import { findPortraitVariant } from './portrait-repository';
import { findSettingForUpdate, upsertSetting } from '../../db/settings-repository';
import { SITE_SETTINGS_KEY } from './site-service';

export const UNKNOWN_PORTRAIT_MESSAGE = 'This photo is not stored any more: upload it again';

/** A changed field: its path ("hero.heading", "faq") with the value before and after. */
export type SiteChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * The fields that differ, one level inside each part ("hero.heading"); lists and the portrait are
 * compared whole ("faq", "hero.highlights"), so a reordering shows as one change.
 */
export function diffSiteDocuments(before: SiteDocument, after: SiteDocument): SiteChanges {
  const changes: SiteChanges = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const part of Object.keys(after) as (keyof SiteDocument)[]) {
    const from: unknown = before[part];
    const to: unknown = after[part];
    if (same(from, to)) continue;
    const nested =
      !Array.isArray(to) && typeof to === 'object' && to !== null && typeof from === 'object';
    if (!nested || from === null) {
      changes[part] = { from, to };
      continue;
    }
    const fromFields = from as Record<string, unknown>;
    const toFields = to as Record<string, unknown>;
    // An emptied optional field is left out of the document (decision 039): null in the change.
    for (const field of new Set([...Object.keys(fromFields), ...Object.keys(toFields)])) {
      const [was, is] = [fromFields[field] ?? null, toFields[field] ?? null];
      if (!same(was, is)) changes[`${part}.${field}`] = { from: was, to: is };
    }
  }
  return changes;
}

/** The owner's day, YYYY-MM-DD: the terms' "last updated". */
function ownerDayOf(instant: Date, timeZone: string): string {
  return wallMsToDate(ZoneClock.for(timeZone).dateAt(instant.getTime()));
}

async function currentDocument(tx: Tx): Promise<SiteDocument> {
  const parsed = siteDocumentSchema.safeParse(await findSettingForUpdate(tx, SITE_SETTINGS_KEY));
  return parsed.success ? parsed.data : demoSiteContent;
}

/** Replaces the site content; the terms' date moves to today only when their text changed. */
export async function saveSiteContent(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'ownerTimeZone'>,
  actorId: string,
  edit: SiteEdit,
): Promise<SiteDocument> {
  return deps.db.transaction(async (tx) => {
    const before = await currentDocument(tx);
    if (
      edit.portrait &&
      edit.portrait.id !== before.portrait?.id &&
      !(await findPortraitVariant(tx, edit.portrait.id, PORTRAIT_WIDTHS[0]))
    ) {
      throw new HttpProblem(400, UNKNOWN_PORTRAIT_MESSAGE, {
        errors: { 'portrait.id': [UNKNOWN_PORTRAIT_MESSAGE] },
      });
    }
    const termsChanged = edit.terms.markdown !== before.terms.markdown;
    const timeZone = await deps.ownerTimeZone.get(tx);
    const after: SiteDocument = {
      ...edit,
      terms: {
        markdown: edit.terms.markdown,
        updatedOn: termsChanged ? ownerDayOf(deps.clock(), timeZone) : before.terms.updatedOn,
      },
    };
    return (await writeSiteDocument(tx, actorId, before, after)) ? after : before;
  });
}

/** Stores `after` with one audit entry of the changed fields; false (nothing written) when none changed. */
async function writeSiteDocument(
  tx: Tx,
  actorId: string,
  before: SiteDocument,
  after: SiteDocument,
): Promise<boolean> {
  const changes = diffSiteDocuments(before, after);
  if (Object.keys(changes).length === 0) return false;
  await upsertSetting(tx, SITE_SETTINGS_KEY, after);
  await insertAuditEntry(tx, {
    actorId,
    action: 'site.update',
    target: `settings:${SITE_SETTINGS_KEY}`,
    // The one shape of an audit change: the changed fields (by path) before and after.
    details: {
      before: Object.fromEntries(Object.entries(changes).map(([path, c]) => [path, c.from])),
      after: Object.fromEntries(Object.entries(changes).map(([path, c]) => [path, c.to])),
    },
  });
  return true;
}

/**
 * The first run's facts written into the site content, in the setup's transaction (decision 036):
 * the owner's details replace the demo consultant's, and her example text is replaced by neutral
 * text unless the owner keeps it. Audited like an edit of the owner's.
 */
export async function writeOwnerFacts(
  deps: Pick<AppDeps, 'clock' | 'log' | 'ownerTimeZone'>,
  tx: Tx,
  actorId: string,
  facts: OwnerFacts,
  options: { keepExampleText: boolean },
): Promise<void> {
  const before = await currentDocument(tx);
  const timeZone = await deps.ownerTimeZone.get(tx);
  const today = ownerDayOf(deps.clock(), timeZone);
  // Checked before it is stored: a document that did not parse would put the demo back on the pages.
  const after = siteDocumentSchema.parse(ownerSiteDocument(before, facts, { ...options, today }));
  await writeSiteDocument(tx, actorId, before, after);
}
