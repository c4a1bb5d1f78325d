/**
 * Text the shop refuses wherever it comes from (issue #15): U+0000, which PostgreSQL's text and jsonb cannot hold,
 * and a UTF-16 surrogate without its pair, which has no UTF-8 form. The server checks every parsed body, query and
 * path parameter, the decrypted payloads and the gateways' raw posts with these, and answers 400 before anything
 * reaches the database.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The path (`name`, `items.2.title`; '' for the value itself) of the first string or object key in `value` that
 * holds unsafe text, else undefined. Walked without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (isUnsafeText(item)) return path;
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      const children: [unknown, string][] = [];
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isUnsafeText(key)) return childPath;
        children.push([child, childPath]);
      }
      // Reversed onto the stack, so the first unsafe field in document order is the one reported.
      pending.push(...children.reverse());
    }
  }
  return undefined;
}
