import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (compared by its JSON text), so that typing a quantity asks
 * the server once rather than per keystroke. `now(previous, next)` may ask to skip the wait (an Apply press).
 */
export function useSettled<T>(value: T, delayMs: number, now: (previous: T, next: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`; `now` is read when it changes
  useEffect(() => {
    if (JSON.stringify(settled) === key) return undefined;
    if (now(settled, value)) {
      setSettled(value);
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
