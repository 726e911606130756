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
