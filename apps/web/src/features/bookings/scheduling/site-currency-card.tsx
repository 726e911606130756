/**
 * The site's currency on /admin/config (decision 037): one choice for every price the public pages
 * show. Before saving, the server's preview names what follows it (services and packages keep the
 * number the owner typed, discount codes get the same amount) and what would not.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  currencyChoices,
  currencyName,
  formatMoney,
  type SiteCurrencyPreview,
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { LoadError, Skeleton } from '../../../components/query-state';
import { fieldErrors, errorMessage } from '../../../lib/problem';
import { useSaveSiteCurrencyMutation } from '../api/admin-scheduling-api';
import { useGetSiteCurrencyPreviewQuery } from '../api/owner-scheduling-api';
import { kindWord, listed } from './currency-words';

/** A preview names this many items of a kind before "and N more". */
const PREVIEW_ITEMS_SHOWN = 5;

export function SiteCurrencyCard({ currency }: { currency: string }) {
  const choices = currencyChoices();
  const [chosen, setChosen] = useState(currency);
  const [save, { isLoading, error, reset }] = useSaveSiteCurrencyMutation();
  const changed = chosen !== currency;
  const fieldError = fieldErrors(error).currency;

  const onSubmit = async () => {
    const result = await save({ currency: chosen });
    if ('data' in result) toast.success(`Your site’s prices are in ${currencyName(chosen)} now.`);
  };

  return (
    <Card
      title="Currency"
      description="The currency your site shows prices in. New services and packages use it."
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
        {changed && <ChangePreview to={chosen} />}
      </form>
    </Card>
  );
}

/** What saving `to` would do, from the server's preview (the rows the change itself moves). */
function ChangePreview({ to }: { to: string }) {
  const { data, error, isFetching, refetch } = useGetSiteCurrencyPreviewQuery(to);
  if (isFetching && data?.to !== to) {
    return <Skeleton lines={2} label={`Working out what moves to ${to}`} />;
  }
  if (!data) {
    return <LoadError what="what would change" error={error} onRetry={() => void refetch()} />;
  }
  return (
    <div className="flex flex-col gap-3 text-sm text-ink" aria-live="polite">
      <Moves preview={data} />
      <CodeAmounts preview={data} />
      <NotFollowing preview={data} />
      <p>
        Bookings, package purchases and payments already made keep the currency they were made in.
      </p>
    </div>
  );
}

function shortList<T>(items: readonly T[], text: (item: T) => string): string {
  const shown = items.slice(0, PREVIEW_ITEMS_SHOWN).map(text);
  const more = items.length - shown.length;
  return listed(more > 0 ? [...shown, `${more} more`] : shown);
}

function Moves({ preview }: { preview: SiteCurrencyPreview }) {
  const { moves, to } = preview;
  if (moves.length === 0) return <p>New services and packages will be priced in {to}.</p>;
  return (
    <p>
      {moves.length === 1 ? 'One price follows' : `${moves.length} prices follow`} the site’s
      currency and will keep {moves.length === 1 ? 'its number' : 'their numbers'} in {to} (not
      converted):{' '}
      {shortList(
        moves,
        (move) =>
          `${move.title} (${kindWord(move.kind)}) ${formatMoney(move.from.amountMinor, move.from.currency)} → ${formatMoney(move.to.amountMinor, move.to.currency)}`,
      )}
      .
    </p>
  );
}

function CodeAmounts({ preview }: { preview: SiteCurrencyPreview }) {
  const { codeAmounts, to } = preview;
  if (codeAmounts.length === 0) return null;
  return (
    <p>
      {codeAmounts.length === 1 ? 'One discount code gets' : 'Discount codes get'} the same amount
      off in {to}, beside the one {codeAmounts.length === 1 ? 'it has' : 'they have'}:{' '}
      {shortList(
        codeAmounts,
        (code) =>
          `${code.code} ${formatMoney(code.from.amountMinor, code.from.currency)} → ${formatMoney(code.to.amountMinor, code.to.currency)} off`,
      )}
      .
    </p>
  );
}

function NotFollowing({ preview }: { preview: SiteCurrencyPreview }) {
  const { others, codesWithoutAmount, to } = preview;
  if (others.length === 0 && codesWithoutAmount.length === 0) return null;
  return (
    <Alert tone="error" title={`Not everything will be in ${to}`}>
      {others.length > 0 && (
        <p>
          {shortList(
            others,
            (other) => `${other.title} (${kindWord(other.kind)}, ${other.currency})`,
          )}{' '}
          {others.length === 1 ? 'keeps its own currency' : 'keep their own currencies'}: your
          public pages will show {others.length === 1 ? 'it' : 'them'} beside prices in {to}.
        </p>
      )}
      {codesWithoutAmount.length > 0 && (
        <p className={others.length > 0 ? 'mt-2' : undefined}>
          {shortList(
            codesWithoutAmount,
            (code) => `${code.code} (${code.currencies.join(', ')} only)`,
          )}{' '}
          {codesWithoutAmount.length === 1 ? 'has' : 'have'} no amount in {to} and will be refused
          for prices in {to} until you add one on the Discount codes tab.
        </p>
      )}
    </Alert>
  );
}
