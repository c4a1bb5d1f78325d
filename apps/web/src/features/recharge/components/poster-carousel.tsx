import { CAROUSEL_INTERVAL_MS } from '@ezrecharge/shared/limits';
import type { TCurrency } from '@ezrecharge/shared/money';
import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import { posterSrc, postersFor } from '../../../assets/posters';

const SLIDE_KEYS = {
  1: 'posters.slide1',
  2: 'posters.slide2',
  3: 'posters.slide3',
  4: 'posters.slide4',
} as const;

/**
 * The promotion posters of the recharge pages (SPEC.md §2), in the language of the page and for the currency the
 * buyer pays in (an offer priced in Singapore dollars is not shown to a buyer paying in ringgit).
 */
export function PosterCarousel({ currency }: { currency: TCurrency | undefined }) {
  const { t, i18n } = useTranslation('recharge');
  const posters = postersFor(currency);
  return (
    <section className="recharge-posters" aria-label={t('posters.label')}>
      {/* A new set starts again at its first slide. */}
      <Carousel
        key={posters.map((poster) => poster.slide).join()}
        autoplay
        autoplaySpeed={CAROUSEL_INTERVAL_MS}
      >
        {posters.map((poster) => (
          <div key={poster.slide}>
            <img
              className="recharge-posters__image"
              src={posterSrc(poster, i18n.resolvedLanguage)}
              alt={t(SLIDE_KEYS[poster.slide])}
              width={800}
              height={450}
            />
          </div>
        ))}
      </Carousel>
    </section>
  );
}
