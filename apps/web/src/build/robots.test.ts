import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES, ROUTES } from '../lib/routes';

/** public/robots.txt, copied into dist by the build, against the route table. */
const ROBOTS = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/robots.txt'),
  'utf8',
);

interface TRule {
  allow: boolean;
  path: string;
}

function rules(): TRule[] {
  return ROBOTS.split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .flatMap((line) => {
      const match = /^(allow|disallow):\s*(\S*)$/i.exec(line);
      return match?.[1] && match[2] ? [{ allow: match[1].toLowerCase() === 'allow', path: match[2] }] : [];
    });
}

/** A crawler's verdict as Google and RFC 9309 define it: the longest matching rule wins, Allow on a tie. */
function allowed(url: string): boolean {
  const matching = rules().filter((rule) => url.startsWith(rule.path));
  if (matching.length === 0) return true;
  const longest = Math.max(...matching.map((rule) => rule.path.length));
  return matching.some((rule) => rule.path.length === longest && rule.allow);
}

const publicPaths = ROUTE_NAMES.filter((name) => ROUTES[name].layout === 'public').map((n) => ROUTES[n].path);
const adminPaths = ROUTE_NAMES.filter((name) => ROUTES[name].layout === 'admin').map((n) => ROUTES[n].path);

describe('robots.txt', () => {
  it('speaks to every crawler', () => {
    expect(ROBOTS).toMatch(/^User-agent: \*$/m);
  });

  it('lets crawlers read every public page', () => {
    expect(publicPaths.length).toBeGreaterThan(10);
    for (const url of publicPaths) expect(allowed(url), url).toBe(true);
    expect(allowed('/home-order?order_num=ABC&success=true')).toBe(true);
    expect(allowed('/faq?x=1')).toBe(true);
  });

  it('keeps them out of every console route, the API and the payment sandboxes', () => {
    expect(adminPaths.length).toBeGreaterThan(10);
    for (const url of adminPaths) {
      expect(allowed(url), url).toBe(false);
      expect(allowed(`${url}?id=3`), url).toBe(false);
    }
    expect(allowed('/api/v1/health')).toBe(false);
    expect(allowed('/sandbox/fiuu/pay')).toBe(false);
  });

  it('has no Disallow line that no longer names a console route (nor the API or the sandboxes)', () => {
    for (const rule of rules().filter((r) => !r.allow)) {
      const names =
        ['/api/', '/sandbox/'].includes(rule.path) || adminPaths.some((p) => p.startsWith(rule.path));
      expect(names, rule.path).toBe(true);
    }
  });
});
