import { readSession, SESSION_STORAGE_KEYS, writeSession } from './storage';

/**
 * Issue #32: Save, Cancel and "Back to …" on a console screen return to its list as the operator left it — its
 * filters and page — not to the list's bare address. Each list remembers where it was last shown in this tab (its
 * query hook calls rememberListAddress); the links back ask listAddress for the list's path.
 */

type TAddresses = Record<string, string>;

function stored(): TAddresses {
  try {
    const value: unknown = JSON.parse(readSession(SESSION_STORAGE_KEYS.listAddresses) ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Keeps the query (`?…` or '') a list at `pathname` is shown with. */
export function rememberListAddress(pathname: string, search: string): void {
  const addresses = stored();
  if (addresses[pathname] === search) return;
  writeSession(SESSION_STORAGE_KEYS.listAddresses, JSON.stringify({ ...addresses, [pathname]: search }));
}

/**
 * The address to return to the list at `to` (a path with an optional query, e.g. `/price?id=5`): where that list
 * was last shown, when it was shown with every value `to` names (the same product's prices), else `to` itself.
 */
export function listAddress(to: string): string {
  const target = new URL(to, 'http://list.invalid');
  const search = stored()[target.pathname];
  if (search === undefined) return to;
  const last = new URLSearchParams(search);
  for (const [name, value] of target.searchParams) {
    if (last.get(name) !== value) return to;
  }
  return `${target.pathname}${search}`;
}
