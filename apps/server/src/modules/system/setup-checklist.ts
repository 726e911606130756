/**
 * The owner's first-run checklist on /admin/config: what still shows the demo or is unset. Values
 * still equal to the seeded demo count as missing, since visitors would see someone else's practice.
 */
import { paymentSettingsSchema, sameAmountIn, type SetupChecklist } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { demoServices } from '../bookings/demo-services';
import { SCHEDULING_SETTINGS_KEY } from '../bookings/scheduling-settings';
import { listServices, type ServiceRow } from '../bookings/services-repository';
import { loadPaymentSettings } from '../payments/payment-settings';
import { demoSiteContent } from '../site/demo-site-content';
import { findSetting } from '../site/settings-repository';
import { getSiteDocument } from '../site/site-service';

const DEFAULT_INSTRUCTIONS = paymentSettingsSchema.parse({}).manualInstructions;

function isDemoService(row: ServiceRow): boolean {
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
  deps: Pick<AppDeps, 'db' | 'log' | 'config' | 'payments'>,
): Promise<SetupChecklist> {
  const [site, scheduling, services, payments] = await Promise.all([
    getSiteDocument(deps.db, deps.log),
    findSetting(deps.db, SCHEDULING_SETTINGS_KEY),
    listServices(deps.db, { activeOnly: true }),
    loadPaymentSettings(deps.db, deps.log),
  ]);
  const business =
    site.consultant.name !== demoSiteContent.consultant.name &&
    site.contact.email !== demoSiteContent.contact.email &&
    site.contact.phone !== demoSiteContent.contact.phone;
  return {
    items: [
      { id: 'business', done: business },
      // Never saved means the built-in default week, not the owner's.
      { id: 'hours', done: scheduling !== undefined },
      { id: 'services', done: services.some((row) => !isDemoService(row)) },
      {
        id: 'payments',
        done: deps.payments.stripe !== null || payments.manualInstructions !== DEFAULT_INSTRUCTIONS,
      },
      { id: 'mail', done: Boolean(deps.config.SMTP_URL) },
    ],
  };
}
