/**
 * The service editor's fields: the price typed in major units of the service's currency ("150",
 * "150.50"; ¥ without decimals), and whether the service has a currency of its own. What it sends
 * is the API's input, in minor units, with a currency only when the owner chose one.
 */
import { z } from 'zod';
import {
  BOOKING_MESSAGES,
  currencyCodeSchema,
  moneyInputMessage,
  parseMoneyInput,
  requireAddressInPerson,
  SERVICE_PRICE_MAX_MINOR,
  serviceFieldsSchema,
  type ServiceInput,
} from '@consult/shared';

export function serviceFormSchema(siteCurrency: string) {
  return serviceFieldsSchema
    .omit({ priceMinor: true, currency: true })
    .extend({ price: z.string(), ownCurrency: z.boolean(), currency: z.string() })
    .superRefine((values, context) => {
      requireAddressInPerson(values, context);
      const currency = values.ownCurrency ? values.currency : siteCurrency;
      if (values.ownCurrency) {
        const checked = currencyCodeSchema.safeParse(currency);
        if (!checked.success) {
          const message = checked.error.issues[0]?.message ?? BOOKING_MESSAGES.currencyInvalid;
          context.addIssue({ code: 'custom', path: ['currency'], message });
          return;
        }
      }
      const minor = parseMoneyInput(values.price, currency);
      if (minor === null) {
        context.addIssue({ code: 'custom', path: ['price'], message: moneyInputMessage(currency) });
      } else if (minor > SERVICE_PRICE_MAX_MINOR) {
        context.addIssue({
          code: 'custom',
          path: ['price'],
          message: BOOKING_MESSAGES.priceTooHigh,
        });
      }
    })
    .transform(({ price, ownCurrency, currency, ...rest }): ServiceInput => {
      const charged = ownCurrency ? currency : siteCurrency;
      return {
        ...rest,
        priceMinor: parseMoneyInput(price, charged) ?? 0,
        ...(ownCurrency && { currency }),
      };
    });
}

export type ServiceFormInput = z.input<ReturnType<typeof serviceFormSchema>>;
