import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paramsWith } from './search-params';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box tied to the search parameter `key`: the typed text goes into the address once typing
 * pauses (replacing the entry, back to the first page), so a list's search survives back and reload.
 */
export function useDebouncedSearchParam(key: string) {
  const [params, setParams] = useSearchParams();
  const value = params.get(key) ?? '';
  const [typed, setTyped] = useState(value);
  const debounced = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced === value) return;
    setParams((previous) => paramsWith(previous, { [key]: debounced, page: null }), {
      replace: true,
    });
  }, [debounced, value, key, setParams]);

  return { typed, setTyped };
}
