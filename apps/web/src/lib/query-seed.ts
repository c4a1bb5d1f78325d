import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Data a page rendered by the server for one request was drawn with (app/prerender.tsx `orderResultDocument`: the
 * order of /home-order?order_num=), handed to the browser beside the markup so that its first render, the one that
 * hydrates the markup, draws the same thing. Each entry is a query's key and data, planted in the query cache
 * before hydrating (app/main.tsx); the queries then run as usual (a stale seed is asked for again on mount).
 */
export interface TQuerySeed {
  key: QueryKey;
  data: unknown;
}

export const QUERY_SEED_ID = 'ez-seed';

/**
 * The seeds as a JSON data block (not run, so no script policy applies). `<` is written as its JSON escape, so no
 * value (an order's BIGO ID, say) can close the element or open a comment.
 */
export function querySeedScript(seeds: readonly TQuerySeed[]): string {
  const json = JSON.stringify(seeds).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${QUERY_SEED_ID}">${json}</script>`;
}

/** Puts the page's seeds, if it has any, in the query cache and removes their element. */
export function plantQuerySeeds(doc: Document, client: QueryClient): void {
  const element = doc.getElementById(QUERY_SEED_ID);
  if (!element) return;
  element.remove();
  let seeds: unknown;
  try {
    seeds = JSON.parse(element.textContent ?? '');
  } catch {
    return; // unreadable: the page's queries load their data as they would without a seed
  }
  if (!Array.isArray(seeds)) return;
  for (const seed of seeds) {
    if (seed && typeof seed === 'object' && Array.isArray(seed.key) && seed.data !== undefined) {
      client.setQueryData(seed.key, seed.data);
    }
  }
}
