/**
 * Requests a page starts before it hydrates, which its queries then take over (issue #30).
 *
 * A prerendered page's queries start in the effects that run once it has hydrated: all of them in one task, where
 * each `fetch()` cost a phone 15–20 ms (Lighthouse's 4× slowdown) on top of the rest of the page's effects, and
 * the catalogue waited for the whole hydration before it was even asked for. A page may name the requests it
 * always makes (`TPageComponent.startRequests`); app/main.tsx starts them in a task of their own before hydrating,
 * and each query's `queryFn` takes its request over with `takeEarly` instead of sending another. The hydration's
 * first render is unchanged (the queries are pending, as the prerendered markup was drawn): only where their
 * answers come from differs.
 */

const started = new Map<string, Promise<unknown>>();

/** Starts `request` under `key` unless one is waiting there already. */
export function startEarly(key: string, request: () => Promise<unknown>): void {
  if (started.has(key)) return;
  const pending = request();
  // A request nobody takes over (the buyer left, the query was not needed) must not report its failure as
  // unhandled; the query that takes it over sees the rejection all the same.
  pending.catch(() => undefined);
  started.set(key, pending);
}

/** The request started under `key`, once (a later call sends `request` afresh); `request()` when there is none. */
export function takeEarly<T>(key: string, request: () => Promise<T>): Promise<T> {
  const pending = started.get(key);
  if (pending === undefined) return request();
  started.delete(key);
  return pending as Promise<T>;
}
