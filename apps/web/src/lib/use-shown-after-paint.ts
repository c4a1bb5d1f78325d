import { useEffect, useState } from 'react';

/**
 * `shown`, for a part that a tap brings in: it appears in the frame after the one that answers the tap, so the
 * tap's own feedback (the option now checked) is painted without waiting for the new part's style and layout.
 * Issue #30: FPX's bank list is a select of a dozen banks; drawn in the tap's frame, it made the tap's next paint
 * 15–20 ms later on a phone (4× CPU slowdown). A part shown from the start (a restored draft, the first render)
 * and a part going away change at once. (As app/paint-first.ts afterNextPaint: a task after the next animation
 * frame, whose rendering paints the tap's answer; a hidden page draws the part when it is shown again.)
 */
export function useShownAfterPaint(shown: boolean): boolean {
  const [painted, setPainted] = useState(shown);
  useEffect(() => {
    if (!shown) {
      setPainted(false);
      return undefined;
    }
    let wanted = true;
    requestAnimationFrame(() => setTimeout(() => wanted && setPainted(true), 0));
    return () => {
      wanted = false;
    };
  }, [shown]);
  return shown && painted;
}
