import type { TMessageKey } from './message-texts';

export type { TMessageKey };

/**
 * Every message key, as itself: `MSG.email_invalid === 'email_invalid'`, typed as that literal. The keys' English
 * texts are message-texts.ts's (the server's); the web shows a key's text in the active language from its
 * `validation` texts. This module takes only the keys' type from there, so the shared schemas (which report their
 * messages as `MSG.x`) carry no English text into the browser's bundle: MSG answers any property with its name, and
 * the type allows only the keys.
 */
export const MSG = new Proxy(
  {},
  { get: (_target, property) => (typeof property === 'string' ? property : undefined) },
) as { readonly [K in TMessageKey]: K };
