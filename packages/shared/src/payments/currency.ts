/**
 * The site's currency: one ISO 4217 code for every price the public pages show (decision 037).
 * The codes are the runtime's own list (Intl), so the form's choices and the server's check agree.
 */
import { z } from 'zod';

/** What a fresh install prices in: the demo consultant's services are in US dollars. */
export const DEFAULT_SITE_CURRENCY = 'USD';

export const CURRENCY_MESSAGES = {
  invalid: 'Currency must be a three-letter ISO 4217 code such as USD',
  unknown: 'Unknown currency code',
} as const;

/** True for a currency code the runtime's ISO 4217 list knows. */
export function isKnownCurrency(code: string): boolean {
  return Intl.supportedValuesOf('currency').includes(code);
}

export const currencyCodeSchema = z
  .string({ error: CURRENCY_MESSAGES.invalid })
  .regex(/^[A-Z]{3}$/, { error: CURRENCY_MESSAGES.invalid, abort: true })
  .refine(isKnownCurrency, CURRENCY_MESSAGES.unknown);

/** The currency's English name: "British Pound" for GBP; the code itself when none is known. */
export function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

let choices: readonly { value: string; label: string }[] | undefined;

/** Every known currency as a choice, named and sorted by name: "British Pound (GBP)". Made once. */
export function currencyChoices(): readonly { value: string; label: string }[] {
  choices ??= Intl.supportedValuesOf('currency')
    .map((code) => ({ value: code, label: `${currencyName(code)} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return choices;
}

/** GET and PUT /api/admin/site-currency. */
export const siteCurrencySchema = z.object({ currency: currencyCodeSchema });
export type SiteCurrency = z.infer<typeof siteCurrencySchema>;

const previewPriceSchema = z.object({ currency: z.string(), amountMinor: z.number().int() });
const previewItemKindSchema = z.enum(['service', 'package']);

/** GET /api/admin/site-currency/preview: the currency the owner is about to choose (default: the site's). */
export const siteCurrencyPreviewQuerySchema = z.object({ currency: currencyCodeSchema.optional() });

/**
 * What a change of the site's currency would do (decision 037), read from the same rows the change
 * moves: the services and packages that follow the site keep their number in the new currency,
 * discount codes get the same number as their amount in the former one. Without a change (`from`
 * equals `to`) `moves` and `codeAmounts` are empty and the rest tells what the site shows now.
 */
export const siteCurrencyPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Services and packages that follow the site's currency and move to `to`. */
  moves: z.array(
    z.object({
      kind: previewItemKindSchema,
      id: z.string(),
      title: z.string(),
      from: previewPriceSchema,
      to: previewPriceSchema,
    }),
  ),
  /** Fixed-amount discount codes given an amount in `to` (the number of their amount in `from`). */
  codeAmounts: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      from: previewPriceSchema,
      to: previewPriceSchema,
    }),
  ),
  /**
   * Active paid services and packages charged in a currency of their own other than `to`: the
   * public pages show them in it beside the site's.
   */
  others: z.array(
    z.object({
      kind: previewItemKindSchema,
      id: z.string(),
      title: z.string(),
      currency: z.string(),
    }),
  ),
  /** Active fixed-amount codes with no amount in `to` afterwards: refused for prices in it. */
  codesWithoutAmount: z.array(
    z.object({ id: z.string(), code: z.string(), currencies: z.array(z.string()) }),
  ),
});
export type SiteCurrencyPreview = z.infer<typeof siteCurrencyPreviewSchema>;
