/** `50%_off\` → `50\%\_off\\`: the text matches literally inside a LIKE pattern (default escape `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern of the admin lists' "contains" filters: the typed text, matched literally, anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
