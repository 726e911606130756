/**
 * The owner's preview of a change of the site's currency (decision 037), in a module of its own:
 * the currency codes are read on public pages whose first JavaScript has a budget (decision 048).
 */
import { z } from 'zod';
import { currencyCodeSchema } from './currency';

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
