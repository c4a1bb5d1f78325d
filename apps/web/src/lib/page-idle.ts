/**
 * Runs `then` once the page has loaded and the browser is idle (at the latest 2 s after the load; 200 ms after it
 * where requestIdleCallback is missing). Returns the cancel. For work a phone's first seconds do without: the
 * carousel's later slides, the recharge form's rules (issue #30).
 */
export function whenPageIdle(then: () => void): () => void {
  let idle: number | undefined;
  const settle = () => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(then, { timeout: 2000 })
        : window.setTimeout(then, 200);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    window.removeEventListener('load', settle);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    window.clearTimeout(idle);
  };
}
