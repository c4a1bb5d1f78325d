import { type CSSProperties, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDiamonds } from '../../../lib/money-format';

/** How long the reel rolls before it lands (the CSS transition of .rewards-reel__strip lasts as long). */
export const SPIN_ANIMATION_MS = 3_200;
/** Times the prize amounts repeat on the strip: the reel passes them all a few times before it lands. */
const LOOPS = 7;

/**
 * idle: at rest; drawing: the spin was sent, the reel waits at the top; rolling: the prize is known and the reel
 * rolls to it; landed: it shows the prize.
 */
export type TReelPhase = 'idle' | 'drawing' | 'rolling' | 'landed';

interface TSpinReelProps {
  /** The prizes the table can draw (distinct, ascending). */
  amounts: readonly number[];
  /** The prize drawn, once known. */
  prize: number | null;
  phase: TReelPhase;
  /** prefers-reduced-motion: the reel jumps to the prize without rolling. */
  reducedMotion: boolean;
  /** The reel has stopped on the prize (after rolling; at once without motion). */
  onLanded: () => void;
}

/** The amounts on the reel: the table's, plus the prize drawn when the table no longer holds it. */
export function reelAmounts(amounts: readonly number[], prize: number | null): number[] {
  const all = new Set(amounts);
  if (prize !== null) all.add(prize);
  return [...all].sort((a, b) => a - b);
}

/**
 * A slot-machine reel of the prize amounts that rolls down to the prize drawn. It is decoration only (hidden from
 * assistive technology): the page announces the result in its status region. Under prefers-reduced-motion it does
 * not roll: it shows the prize at once (here and in the stylesheet's media query).
 */
export function SpinReel({ amounts, prize, phase, reducedMotion, onLanded }: TSpinReelProps) {
  const { t } = useTranslation('rewards');
  const strip = useRef<HTMLDivElement>(null);
  const shown = reelAmounts(amounts, prize);
  const count = Math.max(shown.length, 1);
  const prizeIndex = prize === null ? 0 : Math.max(shown.indexOf(prize), 0);
  // At rest the reel shows the second pass (so a row shows above the middle one); it lands in the last but one
  // pass (so a row shows below it).
  const rest = count + (prize === null ? 0 : prizeIndex);
  const landing = (LOOPS - 2) * count + prizeIndex;
  // The latest onLanded, for the timer and the transition's end.
  const landed = useRef(onLanded);
  landed.current = onLanded;

  // The strip is moved here rather than by React's style prop: rolling starts from the top of the strip in a
  // frame of its own, or the browser would skip the transition between two positions set in one frame.
  useLayoutEffect(() => {
    const node = strip.current;
    if (!node) return;
    const place = (index: number, animate: boolean): void => {
      node.style.transition = animate ? '' : 'none';
      // The window shows three rows; the chosen one sits in the middle.
      node.style.transform = `translateY(calc(var(--rewards-reel-row) * ${1 - index}))`;
    };
    if (phase === 'rolling' && !reducedMotion) {
      // From where the reel waited while the spin was drawn (the second pass, first amount).
      place(count, false);
      // Reading the layout applies the start position before the transition to the landing one.
      void node.offsetHeight;
      place(landing, true);
    } else if (phase === 'idle' || phase === 'drawing') {
      place(rest, false);
    } else {
      place(landing, false);
    }
  }, [phase, reducedMotion, count, rest, landing]);

  // Lands when the transition ends, or after its time when no transitionend comes (a hidden tab, no CSS).
  useEffect(() => {
    if (phase !== 'rolling') return;
    if (reducedMotion) {
      landed.current();
      return;
    }
    const timer = window.setTimeout(() => landed.current(), SPIN_ANIMATION_MS + 400);
    return () => window.clearTimeout(timer);
  }, [phase, reducedMotion]);

  const rows = Array.from({ length: LOOPS }, () => shown).flat();
  const style = { '--rewards-reel-ms': `${SPIN_ANIMATION_MS}ms` } as CSSProperties;
  return (
    <div
      className={`rewards-reel rewards-reel--${phase}${reducedMotion ? ' rewards-reel--still' : ''}`}
      aria-hidden="true"
      style={style}
    >
      <div
        ref={strip}
        className="rewards-reel__strip"
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget && phase === 'rolling') landed.current();
        }}
      >
        {rows.length === 0 ? (
          <div className="rewards-reel__row">—</div>
        ) : (
          rows.map((amount, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows repeat the same amounts and never move
              key={index}
              className={`rewards-reel__row${phase === 'landed' && index === landing ? ' rewards-reel__row--won' : ''}`}
            >
              {amount > 0
                ? t('spins.reelDiamonds', { diamonds: formatDiamonds(amount) })
                : t('spins.reelNone')}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
