/**
 * The site's currency on /admin/config (decision 037): one choice for every price the public pages
 * show; the services that follow it move with it, keeping the amount the owner typed.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  currencyChoices,
  currencyName,
  formatPrice,
  sameAmountIn,
  type ConsultationService,
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { fieldErrors, errorMessage } from '../../../lib/problem';
import { useSaveSiteCurrencyMutation } from '../api/admin-scheduling-api';

export function SiteCurrencyCard({
  currency,
  services,
}: {
  currency: string;
  services: readonly ConsultationService[];
}) {
  const choices = currencyChoices();
  const [chosen, setChosen] = useState(currency);
  const [save, { isLoading, error, reset }] = useSaveSiteCurrencyMutation();
  const following = services.filter((service) => !service.ownCurrency);
  const changed = chosen !== currency;
  const fieldError = fieldErrors(error).currency;

  const onSubmit = async () => {
    const result = await save({ currency: chosen });
    if ('data' in result) toast.success(`Your site’s prices are in ${currencyName(chosen)} now.`);
  };

  return (
    <Card
      title="Currency"
      description="The currency your site shows prices in. New services use it."
    >
      <form
        noValidate
        aria-label="Site currency"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {error && !fieldError && <Alert tone="error">{errorMessage(error)}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 sm:w-96">
            <SelectField
              label="Prices are in"
              options={choices}
              value={chosen}
              error={fieldError}
              onChange={(event) => {
                reset();
                setChosen(event.target.value);
              }}
            />
          </div>
          <Button type="submit" disabled={!changed || isLoading}>
            {isLoading ? 'Saving...' : 'Save currency'}
          </Button>
        </div>
        {changed && (
          <p className="text-sm text-ink" aria-live="polite">
            {following.length === 0
              ? `New services will be priced in ${chosen}.`
              : `${following.length === 1 ? 'One service follows' : `${following.length} services follow`} the site’s currency and will keep ${following.length === 1 ? 'its amount' : 'their amounts'} in ${chosen}: ${following
                  .slice(0, 3)
                  .map(
                    (service) =>
                      `${service.title} ${formatPrice({
                        currency: chosen,
                        priceMinor: sameAmountIn(service.priceMinor, service.currency, chosen),
                      })}`,
                  )
                  .join(
                    ', ',
                  )}${following.length > 3 ? ` and ${following.length - 3} more` : ''}.`}{' '}
            Bookings and payments already made keep the currency they were made in.
          </p>
        )}
      </form>
    </Card>
  );
}
