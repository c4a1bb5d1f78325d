import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { rememberListAddress } from '../../lib/list-address';
import {
  parseFilters,
  readListQuery,
  sameListQuery,
  type TFilterSchema,
  type TListQuery,
  writeListQuery,
} from './list-query';

export interface TListQueryState<F> {
  /** The query of the address; keeps its identity while the address does. */
  query: TListQuery<F>;
  /**
   * Shows the rows of `next` (merged into the current query) by moving to its address, as a new history entry so
   * that Back returns to the previous page or filters. Returns false when the query names the same rows as
   * before (the caller may want to load them again).
   */
  change: (next: Partial<TListQuery<F>>) => boolean;
  /** The filters of form values: what the schema accepts of them (trimmed; empty means no filter). */
  parse: (values: Readonly<Record<string, unknown>>) => F;
}

/** The list query of the current address, parsed with the list's shared filter schema, and a way to change it. */
export function useListQuery<S extends TFilterSchema>(schema: S): TListQueryState<z.output<S>> {
  const [search, setSearch] = useSearchParams();
  const text = search.toString();
  const { pathname } = useLocation();
  // Where Save, Cancel and Back on the list's screens return to (lib/list-address.ts).
  useEffect(() => rememberListAddress(pathname, text ? `?${text}` : ''), [pathname, text]);
  // Parsed once per address, so the query (and the data query keyed by it) keeps its identity between renders.
  const query = useMemo(() => readListQuery(schema, new URLSearchParams(text)), [schema, text]);
  const change = useCallback(
    (next: Partial<TListQuery<z.output<S>>>): boolean => {
      const merged = { ...query, ...next };
      const address = writeListQuery(schema, new URLSearchParams(text), merged);
      if (address.toString() !== text) setSearch(address);
      return !sameListQuery(query, readListQuery(schema, address));
    },
    [query, schema, setSearch, text],
  );
  const parse = useCallback(
    (values: Readonly<Record<string, unknown>>) => parseFilters(schema, values),
    [schema],
  );
  return { query, change, parse };
}
