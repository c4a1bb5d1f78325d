import { CAROUSEL_INTERVAL_MS } from '@ezrecharge/shared/limits';
import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import { postersFor } from '../../../assets/posters';

const SLIDE_KEYS = ['posters.slide1', 'posters.slide2', 'posters.slide3', 'posters.slide4'] as const;

/** The promotion posters of the recharge pages (SPEC.md §2), in the language of the page. */
export function PosterCarousel() {
  const { t, i18n } = useTranslation('recharge');
  const posters = postersFor(i18n.resolvedLanguage);
  return (
    <section className="recharge-posters" aria-label={t('posters.label')}>
      <Carousel autoplay autoplaySpeed={CAROUSEL_INTERVAL_MS}>
        {posters.map((src, index) => (
          <div key={src}>
            <img
              className="recharge-posters__image"
              src={src}
              alt={t(SLIDE_KEYS[index % SLIDE_KEYS.length] ?? SLIDE_KEYS[0])}
              width={800}
              height={450}
            />
          </div>
        ))}
      </Carousel>
    </section>
  );
}
