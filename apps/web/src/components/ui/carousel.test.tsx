import { CAROUSEL_INTERVAL_MS } from '@ezrecharge/shared/limits';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { stubMatchMedia } from '../../test/media-query';
import { Carousel, CarouselImage, type TCarouselProps } from './carousel';

const IMAGES = ['a.svg', 'b.svg', 'c.svg'];

function renderCarousel(props: Partial<TCarouselProps> = {}) {
  return render(
    <Carousel label="Promotions" aspectRatio="16 / 9" {...props}>
      {IMAGES.map((src, index) => (
        <CarouselImage key={src} src={src} alt={`Poster ${index + 1}`} width={800} height={450} />
      ))}
    </Carousel>,
  );
}

/** The slide assistive technology can reach (the others are hidden). */
function shownSlide(): HTMLElement {
  const [slide, ...others] = screen
    .getAllByRole('group')
    .filter((group) => group.getAttribute('aria-roledescription') !== null);
  expect(others).toEqual([]);
  if (!slide) throw new Error('no slide shown');
  return slide;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(async () => {
  await setLanguage('en');
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  stubMatchMedia(() => false);
});

describe('Carousel', () => {
  it('is a named carousel showing one reachable slide at a time in a box of fixed proportions', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Promotions' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    expect(within(shownSlide()).getByRole('img', { name: 'Poster 1' })).toBeInTheDocument();
    // The other slides are in the page (their images keep their place) but out of reach.
    const hidden = screen.getByAltText('Poster 2').closest('[aria-roledescription="slide"]');
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
    expect(hidden).toHaveAttribute('inert');
    expect(region.querySelector('.app-carousel__viewport')).toHaveStyle({ aspectRatio: '16 / 9' });
  });

  it('moves with the previous/next buttons and the slide buttons, round the ends', () => {
    const onChange = vi.fn();
    renderCarousel({ onChange });
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toHaveAccessibleName('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    const second = screen.getByRole('button', { name: 'Slide 2 of 3' });
    fireEvent.click(second);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Slide 1 of 3' })).not.toHaveAttribute('aria-current');
    expect(onChange.mock.calls).toEqual([[2], [0], [1]]);
  });

  it(`plays by itself every ${CAROUSEL_INTERVAL_MS} ms, unannounced, and pauses while hovered or focused`, () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Promotions' });
    expect(region.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off');
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    advance(1);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');

    fireEvent.mouseEnter(region);
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
    fireEvent.mouseLeave(region);
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('3 of 3');

    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    expect(shownSlide()).toHaveAccessibleName('3 of 3');
    // Stopped: a change of slide is announced.
    expect(region.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('3 of 3');
    act(() => screen.getByRole('button', { name: 'Next slide' }).blur());
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
  });

  it('stops and starts on its pause/play button (WCAG 2.2.2)', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Promotions' });
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slide show' }));
    // Focus and pointer leave; the choice stays.
    fireEvent.mouseLeave(region);
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play the slide show' }));
    expect(screen.getByRole('button', { name: 'Pause the slide show' })).toBeInTheDocument();
    advance(CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
  });

  it('does not play by itself under prefers-reduced-motion', () => {
    stubMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    expect(screen.getByRole('button', { name: 'Play the slide show' })).toBeInTheDocument();
  });

  it('follows a swipe on a touch screen, not a mouse drag', () => {
    renderCarousel({ autoplay: false });
    const viewport = screen
      .getByRole('region', { name: 'Promotions' })
      .querySelector('.app-carousel__viewport') as HTMLElement;
    const swipe = (pointerType: string, fromX: number, toX: number) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, pointerType, clientX: fromX, clientY: 100 });
      fireEvent.pointerUp(viewport, { pointerId: 1, pointerType, clientX: toX, clientY: 100 });
    };
    swipe('touch', 300, 200);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
    swipe('touch', 200, 300);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    swipe('touch', 300, 280);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    swipe('mouse', 300, 100);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
  });

  it('loads only the first slide at once, sized; its neighbours once the page has settled', () => {
    renderCarousel();
    const image = (n: number) => screen.getByAltText(`Poster ${n}`);
    expect(image(1)).toHaveAttribute('loading', 'eager');
    expect(image(2)).toHaveAttribute('loading', 'lazy');
    expect(image(3)).toHaveAttribute('loading', 'lazy');
    for (const n of [1, 2, 3]) {
      expect(image(n)).toHaveAttribute('width', '800');
      expect(image(n)).toHaveAttribute('height', '450');
      expect(image(n)).toHaveAttribute('decoding', 'async');
    }
    advance(2000);
    // Either side of the first slide: the next one and, round the end, the last.
    expect(image(2)).toHaveAttribute('loading', 'eager');
    expect(image(3)).toHaveAttribute('loading', 'eager');
  });

  it('leaves every image lazy when the first slide is not to load at once', () => {
    renderCarousel({ eagerFirst: false });
    for (const n of [1, 2, 3]) expect(screen.getByAltText(`Poster ${n}`)).toHaveAttribute('loading', 'lazy');
  });

  it('reads in Chinese', async () => {
    await setLanguage('zh');
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Promotions' })).toHaveAttribute(
      'aria-roledescription',
      '轮播',
    );
    expect(shownSlide()).toHaveAccessibleName('第 1 张，共 3 张');
    expect(screen.getByRole('button', { name: '下一张' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '第 2 张幻灯片，共 3 张' })).toBeInTheDocument();
  });
});
