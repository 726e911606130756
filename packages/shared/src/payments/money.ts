/**
 * Money is an integer count of a currency's minor unit (cents, paisa; yen have none). How many
 * digits the minor unit has is ISO 4217's, as payment providers count it, not the display
 * rounding of the locale data (which shows Pakistani rupees without paisa, for example).
 */

/** Currencies whose ISO 4217 minor unit is not two digits; every other one has two. */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Digits of the currency's minor unit: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return MINOR_UNIT_DIGITS[currency.toUpperCase()] ?? 2;
}

/** One fixed locale, so the server (mails, receipts) and the browser write amounts alike. */
const LOCALE = 'en-US';

/**
 * An amount as people read it: `formatMoney(12050, 'USD')` → "$120.50", `(5000, 'JPY')` → "¥5,000",
 * `(1234550, 'PKR')` → "PKR 12,345.50" (with a no-break space). `wholeUnitsShort` drops ".00" from whole amounts, as price
 * tags do ("$120").
 */
export function formatMoney(
  amountMinor: number,
  currency: string,
  options: { wholeUnitsShort?: boolean } = {},
): string {
  const digits = minorUnitDigits(currency);
  const amount = amountMinor / 10 ** digits;
  const shown = options.wholeUnitsShort && Number.isInteger(amount) ? 0 : digits;
  return new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency,
    minimumFractionDigits: shown,
    maximumFractionDigits: shown,
  }).format(amount);
}

/**
 * An amount typed in major units ("12.50", "1,200", "5000") as minor units, or null when it is not
 * a plain non-negative amount with at most the currency's digits after the point.
 */
export function parseMoneyInput(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const cleaned = text.trim().replace(/,/g, '');
  const pattern = digits === 0 ? /^\d{1,12}$/ : new RegExp(`^\\d{1,12}(?:\\.\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/**
 * Minor units as the text an amount field starts with, the inverse of `parseMoneyInput`:
 * 2500 USD → "25.00", 5000 JPY → "5000", 1234 KWD → "1.234" (no grouping, no symbol).
 */
export function plainAmount(amountMinor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

/**
 * What an amount field says to a bad amount, with the currency's own decimals: "Enter an amount
 * like 150 or 150.50" (GBP), "Enter a whole amount like 150: JPY has no decimals", "… or 150.500" (KWD).
 */
export function moneyInputMessage(currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0)
    return `Enter a whole amount like 150: ${currency.toUpperCase()} has no decimals`;
  return `Enter an amount like 150 or 150.${'5'.padEnd(digits, '0')}`;
}

/** The sign written beside an amount: "£" for GBP, "¥" for JPY, the code where there is none (KWD). */
export function currencySign(currency: string): string {
  try {
    const parts = new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * The same amount in another currency's minor units, as a price that moves with the site's
 * currency keeps the number the owner typed: 12000 USD ($120) → 120 JPY (¥120) → 120000 KWD.
 * Fewer decimals round half up ($120.50 → ¥121).
 */
export function sameAmountIn(amountMinor: number, from: string, to: string): number {
  const shift = minorUnitDigits(to) - minorUnitDigits(from);
  return shift >= 0 ? amountMinor * 10 ** shift : Math.round(amountMinor / 10 ** -shift);
}
