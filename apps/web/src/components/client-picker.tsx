/**
 * The client something is for (a booking the owner makes, a task): search the accounts by name or
 * e-mail and pick one; disabled accounts are not offered.
 */
import { useId, useState } from 'react';
import type { UsersPage } from '@consult/shared';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Button } from './ui/button';
import { Field, inputClasses } from './ui/field';

const SEARCH_DEBOUNCE_MS = 300;

export interface PickedClient {
  id: string;
  name: string;
  email: string;
}

/** What a search hook answers, the fields the picker reads. */
export interface ClientSearch {
  data?: Pick<UsersPage, 'users'>;
  isFetching: boolean;
  isError: boolean;
}

export function ClientPicker({
  value,
  onChange,
  error,
  useSearch,
}: {
  value: PickedClient | null;
  onChange: (client: PickedClient | null) => void;
  error?: string;
  /** The feature's own search of the accounts (its RTK Query hook), asked with the typed words. */
  useSearch: (search: string, options: { skip: boolean }) => ClientSearch;
}) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const statusId = useId();
  const { data, isFetching, isError } = useSearch(search, { skip: Boolean(value) });

  if (value) {
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-semibold text-ink">Client</p>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-paper px-3.5 py-2.5">
          <span className="min-w-0">
            <span className="block font-semibold break-all text-ink">{value.name}</span>
            <span className="block text-sm break-all text-muted">{value.email}</span>
          </span>
          <Button variant="ghost" onClick={() => onChange(null)}>
            Change client
          </Button>
        </div>
      </div>
    );
  }

  const candidates = (data?.users ?? []).filter((user) => !user.disabled);
  return (
    <div className="flex flex-col gap-2">
      <Field label="Client: search by name or e-mail" error={error}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="search"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
            aria-invalid={invalid || undefined}
            className={inputClasses}
          />
        )}
      </Field>
      <p id={statusId} className="sr-only" aria-live="polite">
        {isFetching ? 'Searching...' : `${candidates.length} clients found`}
      </p>
      {isError ? (
        <p className="text-sm text-danger">The clients could not be loaded.</p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted">
          {isFetching ? 'Searching...' : search ? `No clients match “${search}”.` : 'No clients.'}
        </p>
      ) : (
        <ul
          aria-label="Matching clients"
          className="flex flex-col divide-y divide-line overflow-hidden rounded-lg border border-line"
        >
          {candidates.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => onChange({ id: user.id, name: user.name, email: user.email })}
                className="flex min-h-11 w-full flex-col items-start px-3.5 py-2 text-left hover:bg-brand-soft"
              >
                <span className="font-medium break-all text-ink">{user.name}</span>
                <span className="text-sm break-all text-muted">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
