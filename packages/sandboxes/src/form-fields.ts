/** How the sandboxes read a form (or query string) they are sent: plain strings, bounded. */

const MAX_FIELDS = 64;
const MAX_FIELD_CHARS = 2_000;
const MAX_NAME_CHARS = 64;

/**
 * A parsed form as plain strings: a repeated field keeps its first value, anything that is not text is dropped,
 * and the number and length of fields are capped, so whatever a caller sends, what is stored stays small.
 */
export function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  let count = 0;
  for (const [name, raw] of Object.entries(body)) {
    if (count >= MAX_FIELDS) break;
    const value: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'string' || name.length > MAX_NAME_CHARS) continue;
    out[name] = value.slice(0, MAX_FIELD_CHARS);
    count++;
  }
  return out;
}
