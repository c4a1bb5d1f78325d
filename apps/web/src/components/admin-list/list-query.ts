import { DEFAULT_PAGE_SIZE } from '@ezrecharge/shared/limits';
import { ZPageQuery } from '@ezrecharge/shared/schemas/api';
import { z } from 'zod';

/**
 * The query of an admin list (page, page size, filters) and its place in the address: `?username=ali&page=2`.
 * Parameters are named as the API names them (`page`, `page_size`, the filter schema's keys). Defaults stay out of
 * the address, and a value that its schema refuses counts as absent, so a mistyped or stale link shows the list
 * from its defaults instead of failing.
 */

/** A shared list-query schema of filters (ZUserListQuery, ZOrderListQuery, …): an object of optional fields. */
export type TFilterSchema = z.ZodObject;

export interface TListQuery<F> {
  page: number;
  pageSize: number;
  filters: F;
}

const PAGE_KEYS = ['page', 'page_size'] as const;

function absent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * The filters of `raw` (address parameters as text, or form values): each value its field's schema accepts, the
 * rest left out. Text is trimmed, and empty text means no filter.
 */
export function parseFilters<S extends TFilterSchema>(
  schema: S,
  raw: Readonly<Record<string, unknown>>,
): z.output<S> {
  const accepted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const given = raw[key];
    const value = typeof given === 'string' ? given.trim() : given;
    if (absent(value)) continue;
    if (z.safeParse(field, value).success) accepted[key] = value;
  }
  const parsed = z.safeParse(schema, accepted);
  if (parsed.success) return parsed.data;
  // Fields that pass alone but not together: the list falls back to no filter at all.
  return z.parse(schema, {});
}

function pageValue(key: (typeof PAGE_KEYS)[number], raw: string | null): number {
  const field = ZPageQuery.shape[key];
  const parsed = z.safeParse(field, raw ?? undefined);
  return parsed.success ? parsed.data : z.parse(field, undefined);
}

/** The list query an address holds. */
export function readListQuery<S extends TFilterSchema>(
  schema: S,
  search: URLSearchParams,
): TListQuery<z.output<S>> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  return {
    page: pageValue('page', search.get('page')),
    pageSize: pageValue('page_size', search.get('page_size')),
    filters: parseFilters(schema, raw),
  };
}

/**
 * `search` with the list's parameters replaced by `query`'s (defaults left out). Parameters that are not the
 * list's (the price list's product `id`) are kept as they are.
 */
export function writeListQuery<S extends TFilterSchema>(
  schema: S,
  search: URLSearchParams,
  query: TListQuery<z.output<S>>,
): URLSearchParams {
  const filterKeys = Object.keys(schema.shape);
  const next = new URLSearchParams();
  for (const [key, value] of search) {
    if (!filterKeys.includes(key) && !(PAGE_KEYS as readonly string[]).includes(key)) next.append(key, value);
  }
  const filters: Record<string, unknown> = query.filters;
  for (const key of filterKeys) {
    const value = filters[key];
    if (!absent(value)) next.set(key, String(value));
  }
  if (query.page !== 1) next.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) next.set('page_size', String(query.pageSize));
  return next;
}

/** Whether two queries list the same rows (the same page of the same filters). */
export function sameListQuery<F>(a: TListQuery<F>, b: TListQuery<F>): boolean {
  return (
    a.page === b.page && a.pageSize === b.pageSize && JSON.stringify(a.filters) === JSON.stringify(b.filters)
  );
}
