import type { TCurrency } from '@ezrecharge/shared/money';
import { useTranslation } from 'react-i18next';
import { posterSrc, postersFor } from '../../../assets/posters';
import { Carousel, CarouselImage } from '../../../components/ui/carousel';
import { useLiveOffers } from '../../../lib/live-offers';

const SLIDE_KEYS = {
  1: 'posters.slide1',
  2: 'posters.slide2',
  3: 'posters.slide3',
  4: 'posters.slide4',
} as const;

/**
 * The promotion posters of the recharge pages (SPEC.md §2), in the language of the page and for the currency the
 * buyer pays in (an offer priced in Singapore dollars is not shown to a buyer paying in ringgit).
 *
 * The posters never hold up the form: the carousel is plain markup in a 16:9 box sized before any image arrives,
 * and every poster loads lazily (on a phone they sit below the form), the next ones only once the page has loaded.
 */
export function PosterCarousel({ currency }: { currency: TCurrency | undefined }) {
  const { t, i18n } = useTranslation('recharge');
  const posters = postersFor(currency, useLiveOffers());
  if (posters.length === 0) return null;
  return (
    <Carousel
      // A new set starts again at its first slide.
      key={posters.map((poster) => poster.slide).join()}
      className="recharge-posters"
      label={t('posters.label')}
      aspectRatio="16 / 9"
      eagerFirst={false}
    >
      {posters.map((poster) => (
        <CarouselImage
          key={poster.slide}
          className="recharge-posters__image"
          src={posterSrc(poster, i18n.resolvedLanguage)}
          alt={t(SLIDE_KEYS[poster.slide])}
          width={800}
          height={450}
        />
      ))}
    </Carousel>
  );
}
