import { config } from 'zod/v4';

/**
 * zod as the web app runs it: without code made at run time. The pages are served with a Content-Security-Policy
 * that allows no `eval` (apps/server/src/infra/security.ts). Left to itself, zod compiles a parser for each object
 * schema with `new Function`, and first tries whether it may: the browser refuses the try and reports it as a CSP
 * violation, on every page that checks an answer. Told `jitless`, it makes no try and parses as it did after the
 * refusal. The web app's builds and its tests resolve `zod` to this module (vite.config.ts, vitest.config.ts), so
 * the setting is in place before any schema is built; it reaches zod itself as `zod/v4`, the same modules.
 */
config({ jitless: true });

export * from 'zod/v4';
