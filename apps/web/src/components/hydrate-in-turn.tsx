import { type ReactNode, Suspense } from 'react';

/**
 * Progressive hydration of a prerendered page (issue #14). Hydrating a whole page at once is one long task on a
 * phone's main thread (about 190 ms at Lighthouse's 4× CPU slowdown for /recharge), during which the page cannot
 * answer a tap. Parts of the page wrapped in `HydrateInTurn` wait for a turn of their own instead: while the page
 * hydrates, each one suspends, the storefront's runtime (Preact) keeps its prerendered markup on screen untouched,
 * and the parts are hydrated one per task, in the order they appear, with the browser free in between. A part
 * rendered at any other time (a page drawn in the browser, client-side navigation, the prerender itself, the
 * console on React, the tests) renders at once.
 *
 * A part inside a part hydrates in its parent's turn (what renders during a turn hydrates). Parts are the page's
 * large blocks, not the fields of a form: a part waiting for its own turn inside a live parent loses its prerendered
 * markup when the parent draws again meanwhile (Suspense shows its fallback), and the page jumps. Tried for the
 * recharge form's fields (issue #30): CLS 0.2–0.6 in Lighthouse.
 *
 * Each wrapped part must render exactly one element at its root: that element is what is kept while it waits.
 */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

let hydrating = false;
/** True from a part's turn until the next task: what renders now (the part resuming) hydrates. */
let granted = false;
const waiting: Array<() => void> = [];
let scheduled = false;

let onHydrated: (() => void) | undefined;

/**
 * Called before hydrating a prerendered page (app/main.tsx): from now on each part waits for its turn.
 * `hydrated` runs once every part has had its turn (the whole page is live).
 */
export function beginHydrationInTurns(hydrated?: () => void): void {
  hydrating = true;
  onHydrated = hydrated;
  scheduleNextTurn();
}

/**
 * One part per task. A part resumes in the microtasks after its turn is granted (Suspense hears of it, then
 * re-renders it); when a task finds nobody waiting, the page has hydrated and parts render at once again.
 */
function scheduleNextTurn(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    const next = waiting.shift();
    granted = next !== undefined;
    if (next) {
      next();
      scheduleNextTurn();
    } else {
      hydrating = false;
      const hydrated = onHydrated;
      onHydrated = undefined;
      hydrated?.();
    }
  }, 0);
}

/**
 * A suspended part keeps no state of its own (Preact starts its hooks afresh when it resumes), so a part asks
 * again each time it renders while the page hydrates outside a turn; every ask is a place in the queue, and
 * Suspense resumes the part once all of its asks have been granted.
 */
function waitForTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
  });
}

function Turn({ children }: { children: ReactNode }) {
  if (hydrating && !granted) throw waitForTurn();
  return children;
}
