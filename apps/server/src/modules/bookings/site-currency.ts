/**
 * The site's one currency (decision 037): a settings document, set at setup or on /admin/config.
 * Services and packages follow it unless the owner chose another currency for one of them; when it
 * changes, the following ones move to it with the amount the owner typed (120 → £120), and a
 * fixed-amount discount code gets the same number in the new currency. Bookings, purchases and
 * payments keep the currency they were made in: they are history.
 */
import {
  DEFAULT_SITE_CURRENCY,
  SERVICE_PRICE_MAX_MINOR,
  sameAmountIn,
  siteCurrencySchema,
  type SiteCurrency,
  type SiteCurrencyPreview,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { auditChange, insertAuditChange } from '../audit';
import { findSetting, findSettingForUpdate, upsertSetting } from '../../db/settings-repository';
import {
  listServices,
  listServicesFollowingSiteNotIn,
  setServicePrice,
  type ServiceRow,
} from './services-repository';
import type { SiteCurrencyChange } from './site-currency-followers';

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
 * The amount a following price keeps in the new currency: the number the owner typed (12000 cents
 * → 12000 pence; → ¥120, fewer decimals round half up), within the highest price there is.
 */
export function followingAmount(amountMinor: number, from: string, to: string): number {
  return Math.min(sameAmountIn(amountMinor, from, to), SERVICE_PRICE_MAX_MINOR);
}

function serviceMove(service: ServiceRow, to: string): SiteCurrencyPreview['moves'][number] {
  return {
    kind: 'service',
    id: service.id,
    title: service.title,
    from: { currency: service.currency, amountMinor: service.priceMinor },
    to: { currency: to, amountMinor: followingAmount(service.priceMinor, service.currency, to) },
  };
}

/**
 * Sets the site's currency inside the caller's transaction and moves the services that follow it,
 * each audited as a service change, then hands the change to the other followers (packages,
 * discount codes) in the same transaction.
 */
export async function setSiteCurrency(
  deps: Pick<AppDeps, 'siteCurrencyFollowers'>,
  tx: Tx,
  actorId: string,
  currency: string,
): Promise<void> {
  const before = parseStored(await findSettingForUpdate(tx, SITE_CURRENCY_KEY)).currency;
  await upsertSetting(tx, SITE_CURRENCY_KEY, { currency });
  await insertAuditChange(tx, {
    actorId,
    action: 'site.currency',
    target: SITE_CURRENCY_KEY,
    change: auditChange({ currency: before }, { currency }),
  });
  for (const service of await listServicesFollowingSiteNotIn(tx, currency)) {
    const priceMinor = followingAmount(service.priceMinor, service.currency, currency);
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
  const change: SiteCurrencyChange = { from: before, to: currency };
  for (const follower of deps.siteCurrencyFollowers) await follower.move(tx, actorId, change);
}

/** PUT /api/admin/site-currency. */
export async function changeSiteCurrency(
  deps: Pick<AppDeps, 'db' | 'siteCurrencyFollowers'>,
  actorId: string,
  currency: string,
): Promise<SiteCurrency> {
  await deps.db.transaction((tx) => setSiteCurrency(deps, tx, actorId, currency));
  return { currency };
}

/**
 * GET /api/admin/site-currency/preview: what changing to `to` would move and what it would leave
 * in another currency, from the rows the change reads (services here, the followers' own).
 */
export async function previewSiteCurrency(
  deps: Pick<AppDeps, 'db' | 'siteCurrencyFollowers'>,
  to: string | undefined,
): Promise<SiteCurrencyPreview> {
  const from = await loadSiteCurrency(deps.db);
  const change: SiteCurrencyChange = { from, to: to ?? from };
  const services = await listServices(deps.db, { activeOnly: false });
  const preview: SiteCurrencyPreview = {
    ...change,
    moves: services
      .filter((service) => !service.ownCurrency && service.currency !== change.to)
      .map((service) => serviceMove(service, change.to)),
    codeAmounts: [],
    others: services
      .filter(
        (service) =>
          service.ownCurrency &&
          service.active &&
          service.priceMinor > 0 &&
          service.currency !== change.to,
      )
      .map((service) => ({
        kind: 'service' as const,
        id: service.id,
        title: service.title,
        currency: service.currency,
      })),
    codesWithoutAmount: [],
  };
  for (const follower of deps.siteCurrencyFollowers) {
    const part = await follower.preview(deps.db, change);
    preview.moves.push(...(part.moves ?? []));
    preview.codeAmounts.push(...(part.codeAmounts ?? []));
    preview.others.push(...(part.others ?? []));
    preview.codesWithoutAmount.push(...(part.codesWithoutAmount ?? []));
  }
  return preview;
}
