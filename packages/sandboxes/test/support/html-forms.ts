/** The POST forms of a sandbox page as a browser would submit them: action and hidden fields, unescaped. */

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function formsOf(page: string): { action: string; fields: Record<string, string> }[] {
  return [...page.matchAll(/<form method="post" action="([^"]*)"[^>]*>(.*?)<\/form>/g)].map((m) => ({
    action: unescapeHtml(m[1] ?? ''),
    fields: Object.fromEntries(
      [...(m[2] ?? '').matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((i) => [
        unescapeHtml(i[1] ?? ''),
        unescapeHtml(i[2] ?? ''),
      ]),
    ),
  }));
}

/** POSTs a form, without following redirects. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
