import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits';
import { MSG as M } from '../messages';

/** `{ message, data }`: the body of every successful API call (DESIGN.md §4). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ message: z.string(), message_key: z.string().optional(), data });

/** A page of a list: `{ page_data, total, page, page_size }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    page_data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

/** One page of a list as the API answers it (the type of `pageOf(item)`); the only page type of both apps. */
export interface TPage<T> {
  page_data: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Ids are PostgreSQL `serial`s; a larger number names no row and must not reach a query as one. */
export const MAX_ROW_ID = 2_147_483_647;
/**
 * A row id in a path or query string (`/user/{id}`, `?id=`): decimal digits, no sign, no leading zero, nothing
 * around them. Read as a JavaScript number, `0x10`, ` 1`, `1e1` or `01` would name a row too (issue #33:
 * `DELETE /faq/0x10` deleted entry 16), so one row had many names and a typo could reach another row.
 */
export const ZRowId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, M.row_id_invalid)
  .transform(Number)
  .pipe(z.number().max(MAX_ROW_ID, M.row_id_invalid));

/** Paging query of every admin list; default page size 5 (SPEC.md §9). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** The page of `query` holding `items`, out of `total` matches. */
export function toPage<T>(items: T[], total: number, query: TPageQuery): TPage<T> {
  return { page_data: items, total, page: query.page, page_size: query.page_size };
}

/** The rows a page query names, as a LIMIT / OFFSET pair. */
export function pageWindow(query: TPageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;
