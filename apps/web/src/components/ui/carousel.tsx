import { CAROUSEL_INTERVAL_MS } from '@ezrecharge/shared/limits';
import {
  Children,
  createContext,
  type FocusEvent,
  type ImgHTMLAttributes,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { whenPageIdle } from '../../lib/page-idle';
import { useMediaQuery } from '../../lib/use-media-query';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons';
import './carousel.css';

export interface TCarouselProps {
  /** The carousel's accessible name (its region's label), e.g. "Promotions". */
  label: string;
  /** One element per slide, each with a key. */
  children: ReactNode;
  /**
   * The slide box's width / height, e.g. "16 / 9": the box has its size before any image arrives, so nothing
   * below it moves when one does.
   */
  aspectRatio: string;
  /** Milliseconds per slide while playing (SPEC.md §9: 5000). */
  interval?: number;
  /** Whether the slides change by themselves at first; never under prefers-reduced-motion. */
  autoplay?: boolean;
  /**
   * Whether the first slide's images load at once (the default). False when the carousel sits below the fold on
   * a phone: then every image waits until it is near the screen.
   */
  eagerFirst?: boolean;
  /** Told the index of the slide shown whenever it changes. */
  onChange?: (index: number) => void;
  className?: string;
}

/** A horizontal swipe shorter than this (CSS pixels) is not a swipe. */
const SWIPE_MIN_PX = 40;

interface TSlideState {
  /** Whether the slide's images should load now (`loading="eager"`) rather than when near the screen. */
  eager: boolean;
}

const SlideContext = createContext<TSlideState>({ eager: true });

/** True once the page has finished loading and the browser is idle: a good time to fetch what comes next. */
function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageIdle(() => setSettled(true)), []);
  return settled;
}

/** True once the element has come near the screen (always, where IntersectionObserver is missing). */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * An accessible carousel (WAI-ARIA APG "carousel", SPEC.md §9: 5000 ms per slide). Slides move on a transformed
 * track inside a box of fixed aspect ratio; only the slide shown is reachable (the others are inert and hidden
 * from assistive technology). Previous/next buttons, one button per slide ("Slide n of m") and a pause/play button
 * (WCAG 2.2.2); touch users can swipe. Autoplay pauses while the pointer is over the carousel or focus is in it,
 * and does not start under prefers-reduced-motion (the play button still starts it on request). While it plays the
 * slides are not announced; once stopped, a change of slide is (aria-live polite).
 *
 * Images inside slides should be `CarouselImage`s: they load lazily, except the first slide's (unless
 * `eagerFirst` is false); once the page has loaded and the carousel is in view, the slides either side of the shown
 * one are fetched ahead of their turn.
 */
export function Carousel({
  label,
  children,
  aspectRatio,
  interval = CAROUSEL_INTERVAL_MS,
  autoplay = true,
  eagerFirst = true,
  onChange,
  className,
}: TCarouselProps) {
  const { t } = useTranslation('common');
  const slides = Children.toArray(children);
  const count = slides.length;
  const [active, setActive] = useState(0);
  const current = count > 0 ? Math.min(active, count - 1) : 0;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // The user's own choice on the pause/play button wins over the default.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = choice === null ? autoplay && !reducedMotion : choice === 'play';
  const running = playing && !hovered && !focused && count > 1;

  const root = useRef<HTMLElement>(null);
  const settled = usePageSettled();
  const seen = useSeen(root);
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set(eagerFirst ? [0] : []));
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);

  const go = (index: number) => {
    if (count === 0) return;
    const next = ((index % count) + count) % count;
    setActive(next);
    onChange?.(next);
  };

  // The slide shown is on screen, so it loads, lazy or not. Once the page has loaded and the carousel has come into
  // view, its neighbours load too, ahead of their turn, so a slide never slides in empty.
  useEffect(() => {
    if (!settled || !seen || count < 2) return;
    const neighbours = [(current + 1) % count, (current - 1 + count) % count];
    setFetched((previous) =>
      neighbours.every((index) => previous.has(index)) ? previous : new Set([...previous, ...neighbours]),
    );
  }, [current, count, settled, seen]);

  // One timer per slide shown: a manual change gives the new slide its full interval.
  // biome-ignore lint/correctness/useExhaustiveDependencies: go is recreated each render; current and count decide.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => go(current + 1), interval);
    return () => window.clearTimeout(timer);
  }, [running, current, count, interval]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Mouse users have the buttons; a mouse drag would only start dragging the image.
    if (event.pointerType === 'mouse') return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? current + 1 : current - 1);
  };

  const slideText = (index: number) => ({ current: index + 1, total: count });

  return (
    <section
      ref={root}
      className={['app-carousel', className].filter(Boolean).join(' ')}
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div
        className="app-carousel__viewport"
        style={{ aspectRatio }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <div
          className="app-carousel__track"
          style={{ transform: `translateX(${-100 * current}%)` }}
          aria-live={running ? 'off' : 'polite'}
        >
          {slides.map((slide, index) => {
            const shown = index === current;
            return (
              // biome-ignore lint/a11y/useSemanticElements: APG's slide is a group, not a form's fieldset.
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional; their own keys are inside.
                key={index}
                className="app-carousel__slide"
                role="group"
                aria-roledescription={t('carousel.slideRoleDescription')}
                aria-label={t('carousel.slideLabel', slideText(index))}
                aria-hidden={shown ? undefined : true}
                inert={!shown}
              >
                <SlideContext.Provider value={{ eager: fetched.has(index) }}>{slide}</SlideContext.Provider>
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="app-carousel__bar">
          <button
            type="button"
            className="app-carousel__toggle"
            aria-label={t(playing ? 'carousel.pause' : 'carousel.play')}
            onClick={() => setChoice(playing ? 'pause' : 'play')}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          {/* Below the slides, never over them: over a poster they hid its headline's first letters (issue #32). */}
          <button
            type="button"
            className="app-carousel__arrow app-carousel__arrow--prev"
            aria-label={t('carousel.previous')}
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon />
          </button>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset. */}
          <div className="app-carousel__dots" role="group" aria-label={t('carousel.slidePicker')}>
            {slides.map((_, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one button per slide position.
                key={index}
                type="button"
                className="app-carousel__dot"
                aria-label={t('carousel.goTo', slideText(index))}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="app-carousel__arrow app-carousel__arrow--next"
            aria-label={t('carousel.next')}
            onClick={() => go(current + 1)}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </section>
  );
}

type TCarouselImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'src' | 'alt'> & {
  src: string;
  alt: string;
  /** The image's own size (its aspect ratio); it is drawn to fill the slide. */
  width: number;
  height: number;
};

/**
 * An image filling a carousel slide: lazy unless its slide is the first (eager) one or next in turn, decoded off the
 * main thread, with its size given so the box never changes.
 */
export function CarouselImage({ className, alt, ...rest }: TCarouselImageProps) {
  const { eager } = useContext(SlideContext);
  return (
    <img
      alt={alt}
      className={['app-carousel__image', className].filter(Boolean).join(' ')}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      {...rest}
    />
  );
}
