import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The HTML of the built-in payment sandboxes (Fiuu hosted page, Stripe Checkout page): small bilingual pages with
 * no inline script or style (the site's CSP allows neither inline script nor anything but 'self'), the stylesheet
 * and the auto-submit script served beside them, and HMAC-signed button forms so a result post cannot be forged
 * by editing hidden fields.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or an attribute value) for HTML: everything that came from a request goes through here. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Trusted markup built by these helpers; anything else passed to `page` is escaped. */
export class Html {
  constructor(readonly markup: string) {}
}

export const html = (markup: string) => new Html(markup);

const SANDBOX_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;
  background:#f3f5f8;color:#1f2733}
main{max-width:30rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;
  box-shadow:0 2px 12px rgba(20,30,50,.08)}
h1{font-size:1.3rem;margin:0 0 .25rem}
.badge{display:inline-block;font-size:.75rem;padding:.1rem .5rem;border-radius:99px;background:#fff4d6;color:#7a5500;
  margin-bottom:1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0 1.5rem}
dt{color:#5b6675}
dd{margin:0;font-weight:600;word-break:break-all}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.actions form{margin:0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #c6ccd6;background:#fff;cursor:pointer}
button.primary{background:#1b6ef3;border-color:#1b6ef3;color:#fff}
button.danger{color:#b3261e;border-color:#e5a9a4}
p.error{color:#b3261e;font-weight:600}
p.note{color:#5b6675;font-size:.875rem}
.qr{width:9rem;height:9rem;display:grid;place-items:center;border:6px solid #1f2733;border-radius:8px;
  font:700 2rem/1 monospace;letter-spacing:.2em}
select{font:inherit;padding:.5rem;border-radius:8px;border:1px solid #c6ccd6;margin:.25rem 0 .75rem}
`.trim();

/** Submits the page's `form[data-auto-submit]` once loaded; the form's own button stays as the fallback. */
const AUTO_SUBMIT_JS = `(function () {
  var form = document.querySelector('form[data-auto-submit]');
  if (form) form.submit();
})();
`;

/** Serves the stylesheet and the auto-submit script under `${base}/` (each sandbox has its own base). */
export function registerSandboxAssets(app: FastifyInstance, base: string): void {
  app.get(`${base}/sandbox.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
  );
  app.get(`${base}/auto-submit.js`, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(AUTO_SUBMIT_JS),
  );
}

export interface PageOptions {
  /** Where this sandbox's assets are served (as given to registerSandboxAssets, with the /sandbox prefix). */
  assets: string;
  title: string;
  body: Html;
  /** Adds the auto-submit script. */
  autoSubmit?: boolean;
}

export function page(options: PageOptions): string {
  const script = options.autoSubmit
    ? `<script src="${esc(options.assets)}/auto-submit.js" defer></script>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${esc(options.title)}</title>`,
    `<link rel="stylesheet" href="${esc(options.assets)}/sandbox.css">`,
    script,
    '</head>',
    `<body><main>${options.body.markup}</main></body>`,
    '</html>',
  ].join('\n');
}

/** Label/value rows; values are escaped. */
export function details(rows: [label: string, value: string][]): Html {
  return html(
    `<dl>${rows.map(([label, value]) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>`,
  );
}

/** A POST form of hidden fields and one button. */
export function postForm(
  action: string,
  fields: Record<string, string>,
  button: { label: string; className?: string },
  options: { autoSubmit?: boolean } = {},
): Html {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  const cls = button.className ? ` class="${esc(button.className)}"` : '';
  const auto = options.autoSubmit ? ' data-auto-submit' : '';
  return html(
    `<form method="post" action="${esc(action)}"${auto}>${hidden}<button type="submit"${cls}>${esc(button.label)}</button></form>`,
  );
}

export function sendPage(reply: FastifyReply, status: number, markup: string): FastifyReply {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(markup);
}

/** An error page: what went wrong, in English and Chinese. */
export function errorPage(assets: string, en: string, zh: string): string {
  return page({
    assets,
    title: 'Sandbox error / 沙盒错误',
    body: html(
      `<h1>Payment sandbox / 支付沙盒</h1><p class="error">${esc(en)}</p><p class="error" lang="zh">${esc(zh)}</p>`,
    ),
  });
}

/** HMAC over an ordered list of values (JSON keeps the boundaries between them unambiguous). */
export function signParts(key: string, parts: readonly string[]): string {
  return createHmac('sha256', key)
    .update(`sandbox-page\0${JSON.stringify(parts)}`)
    .digest('hex');
}

export function verifyParts(key: string, parts: readonly string[], sig: string | undefined): boolean {
  if (!sig || !/^[0-9a-f]{64}$/.test(sig)) return false;
  return timingSafeEqual(Buffer.from(signParts(key, parts), 'hex'), Buffer.from(sig, 'hex'));
}
