/** How the scheduling form reads its number inputs. */

/** An empty input becomes NaN, which the schema answers with the rule's own message. */
export const asNumber = (value: unknown) => (value === '' ? Number.NaN : Number(value));

/** An empty input means "no limit" (null). */
export const asOptionalNumber = (value: unknown) =>
  value === '' || value === null ? null : Number(value);
