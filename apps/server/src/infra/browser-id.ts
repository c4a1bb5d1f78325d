import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Issue #29: the storefront's first-party browser id: an opaque random id (16 random bytes, base64url) in a cookie of
 * our own site, set by the server at the buyer's first order commit and kept for a year. It names a browser, never a
 * person, and is read only by the risk rules (a key of the card-testing rule, stored on the orders it placed). A
 * strictly necessary fraud-prevention cookie: HttpOnly (no script reads it), SameSite=Lax (never sent by other
 * sites' requests), Secure when PUBLIC_URL is https. The privacy page names it (locales content.json).
 */

export const BROWSER_ID_COOKIE = 'ezr_bid';
export const BROWSER_ID_MAX_AGE_S = 365 * 24 * 3600;

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The browser id a Cookie header carries, or null when it carries none (or not one we could have set). */
export function browserIdOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== BROWSER_ID_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return ID_PATTERN.test(value) ? value : null;
  }
  return null;
}

/** The Set-Cookie header value that gives a browser `id`. */
export function browserIdCookie(id: string, secure: boolean): string {
  return [
    `${BROWSER_ID_COOKIE}=${id}`,
    'Path=/',
    `Max-Age=${BROWSER_ID_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The request's browser id; a browser without one gets a new one (Set-Cookie on the reply). */
export function ensureBrowserId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const known = browserIdOf(request.headers.cookie);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  reply.header('set-cookie', browserIdCookie(id, secure));
  return id;
}
