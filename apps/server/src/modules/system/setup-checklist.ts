/**
 * The owner's first-run checklist on /admin/config: what still shows the demo or is unset. Values
 * still equal to the seeded demo count as missing, since visitors would see someone else's practice;
 * "your details" is done only when no part of the public content holds one of the demo consultant's
 * personal strings (decision 036).
 */
import {
  paymentSettingsSchema,
  sameAmountIn,
  SITE_SECTIONS,
  type SetupChecklist,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { demoServices, SCHEDULING_SETTINGS_KEY, type ServiceRow } from '../bookings';
import { loadPaymentSettings } from '../payments';
import { demoStringsIn, getPublicSiteContent } from '../site';
import { findSetting } from '../../db/settings-repository';

const DEFAULT_INSTRUCTIONS = paymentSettingsSchema.parse({}).manualInstructions;

function isDemoService(
  row: Pick<ServiceRow, 'slug' | 'title' | 'priceMinor' | 'currency' | 'durationMinutes'>,
): boolean {
  return demoServices.some(
    (demo) =>
      demo.slug === row.slug &&
      demo.title === row.title &&
      // A demo price that followed the site's currency is still the demo's (120 → £120).
      sameAmountIn(demo.priceMinor, demo.currency ?? row.currency, row.currency) ===
        row.priceMinor &&
      demo.durationMinutes === row.durationMinutes,
  );
}

export async function setupChecklist(
  deps: Pick<AppDeps, 'db' | 'log' | 'config' | 'payments' | 'siteServices'>,
): Promise<SetupChecklist> {
  // The site as the public pages show it, its active services included.
  const [site, scheduling, payments] = await Promise.all([
    getPublicSiteContent(deps),
    findSetting(deps.db, SCHEDULING_SETTINGS_KEY),
    loadPaymentSettings(deps.db, deps.log),
  ]);
  // Every part of the content the public pages show, checked for each of the demo's strings.
  const demoIn = SITE_SECTIONS.filter(
    (section) => demoStringsIn(JSON.stringify(site[section] ?? null)).length > 0,
  );
  return {
    items: [
      { id: 'business', done: demoIn.length === 0, demoIn },
      // Never saved means the built-in default week, not the owner's.
      { id: 'hours', done: scheduling !== undefined },
      { id: 'services', done: site.services.some((row) => !isDemoService(row)) },
      {
        id: 'payments',
        done: deps.payments.stripe !== null || payments.manualInstructions !== DEFAULT_INSTRUCTIONS,
      },
      { id: 'mail', done: Boolean(deps.config.SMTP_URL) },
    ],
  };
}
