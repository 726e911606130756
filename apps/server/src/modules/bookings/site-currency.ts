/**
 * The site's one currency (decision 037): a settings document, set at setup or on /admin/config.
 * Services follow it unless the owner chose another currency for one of them; when it changes,
 * the following services move to it with the amount the owner typed (120 → £120). Bookings and
 * payments keep the currency they were made in: they are history.
 */
import {
  DEFAULT_SITE_CURRENCY,
  SERVICE_PRICE_MAX_MINOR,
  sameAmountIn,
  siteCurrencySchema,
  type SiteCurrency,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { auditChange, insertAuditChange } from '../audit';
import { findSetting, findSettingForUpdate, upsertSetting } from '../../db/settings-repository';
import { listServicesFollowingSiteNotIn, setServicePrice } from './services-repository';

export const SITE_CURRENCY_KEY = 'currency';

function parseStored(stored: unknown): SiteCurrency {
  const parsed = siteCurrencySchema.safeParse(stored);
  return parsed.success ? parsed.data : { currency: DEFAULT_SITE_CURRENCY };
}

/** The demo's currency until the owner sets one; a stored value that no longer parses counts as unset. */
export async function loadSiteCurrency(db: Db): Promise<string> {
  return parseStored(await findSetting(db, SITE_CURRENCY_KEY)).currency;
}

/**
 * A service's currency from what the owner sent: none, or the site's, follows the site; another
 * one is the service's own.
 */
export function settleServiceCurrency(
  siteCurrency: string,
  requested: string | undefined,
): { currency: string; ownCurrency: boolean } {
  if (requested === undefined || requested === siteCurrency) {
    return { currency: siteCurrency, ownCurrency: false };
  }
  return { currency: requested, ownCurrency: true };
}

/**
 * Sets the site's currency inside the caller's transaction and moves the services that follow it,
 * each audited as a service change; nothing is written when the currency is already the site's.
 */
export async function setSiteCurrency(tx: Tx, actorId: string, currency: string): Promise<void> {
  const before = parseStored(await findSettingForUpdate(tx, SITE_CURRENCY_KEY)).currency;
  await upsertSetting(tx, SITE_CURRENCY_KEY, { currency });
  await insertAuditChange(tx, {
    actorId,
    action: 'site.currency',
    target: SITE_CURRENCY_KEY,
    change: auditChange({ currency: before }, { currency }),
  });
  for (const service of await listServicesFollowingSiteNotIn(tx, currency)) {
    const priceMinor = Math.min(
      sameAmountIn(service.priceMinor, service.currency, currency),
      SERVICE_PRICE_MAX_MINOR,
    );
    await setServicePrice(tx, service.id, { currency, priceMinor });
    await insertAuditChange(tx, {
      actorId,
      action: 'service.update',
      target: service.id,
      change: auditChange(
        { currency: service.currency, priceMinor: service.priceMinor },
        { currency, priceMinor },
      ),
    });
  }
}

/** PUT /api/admin/site-currency. */
export async function changeSiteCurrency(
  deps: Pick<AppDeps, 'db'>,
  actorId: string,
  currency: string,
): Promise<SiteCurrency> {
  await deps.db.transaction((tx) => setSiteCurrency(tx, actorId, currency));
  return { currency };
}
