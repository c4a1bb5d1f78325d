/**
 * Helpers every e-mail text uses, so a value from a buyer, a visitor or a far end can never add a line, a header-
 * looking field or markup to a mail, whichever module writes it.
 */

/** Control characters (line breaks included) become spaces: one field, one line. */
export function oneLine(value: string): string {
  return value.replace(/\p{Cc}/gu, ' ');
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** 12,345: diamonds and other counts, grouped the same in both languages. */
export const groupedNumber = (n: number): string => n.toLocaleString('en-US');
