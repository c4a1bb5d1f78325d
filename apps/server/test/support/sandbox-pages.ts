/**
 * Reads the built-in sandboxes' HTML pages as a browser would submit them: every POST form with its action and
 * hidden fields, values unescaped.
 */

export type FormFields = Record<string, string>;

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Hidden fields of every POST form on a page, in page order. */
export function formsOf(page: string): { action: string; fields: FormFields }[] {
  return [...page.matchAll(/<form method="post" action="([^"]*)"[^>]*>(.*?)<\/form>/g)].map((m) => ({
    action: decode(m[1] ?? ''),
    fields: Object.fromEntries(
      [...(m[2] ?? '').matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((i) => [
        decode(i[1] ?? ''),
        decode(i[2] ?? ''),
      ]),
    ),
  }));
}
