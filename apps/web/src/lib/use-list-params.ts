import { useSearchParams, type NavigateOptions } from 'react-router';
import { hrefWithParams, paramsWith } from './search-params';

type Changes = Record<string, string | null>;

/**
 * An admin list page's address: its filters, page and open row live in the search parameters of
 * `path`, so back, reload and a shared link show the same list. `selectionKey` names the parameter
 * of the open row (`user`, `payment`…); a list without a panel leaves it out.
 */
export function useListParams(path: string, selectionKey?: string) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = selectionKey ? params.get(selectionKey) : null;

  /** The address of this list with some parameters changed (`null` or '' removes one). */
  const linkWith = (changes: Changes) => hrefWithParams(path, params, changes);
  /** Changes some parameters of the current address. */
  const change = (changes: Changes, options?: NavigateOptions) =>
    setParams((previous) => paramsWith(previous, changes), options);
  /** Sets one filter and goes back to the first page. */
  const setFilter = (key: string, value: string) => change({ [key]: value, page: null });
  /** Closes the open row's panel. */
  const clearSelection = () => change(selectionKey ? { [selectionKey]: null } : {});

  return { params, page, selected, linkWith, change, setFilter, clearSelection };
}
