import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POSTERS, posterSrc } from '../../../assets/posters';
import { Carousel, CarouselImage } from '../../../components/ui/carousel';
import { ClockIcon, GiftIcon, HeadsetIcon, ShieldCheckIcon, WarningIcon } from '../../../components/ui/icons';
import { advertised, useLiveOffers } from '../../../lib/live-offers';
import { routePath } from '../../../lib/routes';
import { useSignedIn } from '../../../lib/session';
import { SITE } from '../../../lib/site';
import { toSlideTexts, toStringList } from './locale-shapes';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';

const BENEFITS = [
  { key: 'allDay', icon: <ClockIcon /> },
  { key: 'rewards', icon: <GiftIcon /> },
  { key: 'secure', icon: <ShieldCheckIcon /> },
  { key: 'support', icon: <HeadsetIcon /> },
] as const;

/** What each line of the rewards list speaks of, in its order (content.json `aboutRecharge.rewards`). */
const REWARD_OFFERS = [['bank_transfer_sgd'], ['spins'], ['welcome'], ['promo_codes']] as const;

const EXAMPLE_ROWS = [
  ['exampleAmount', 'exampleAmountValue'],
  ['exampleDiamonds', 'exampleDiamondsValue'],
  ['exampleBonus', 'exampleBonusValue'],
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="content-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * SPEC.md §2 "About-recharge": intro, recharge button, four benefits, promotions carousel, and the §1 facts. The
 * posters, the rewards and the example speak only of the offers that are live (issue #32).
 */
export function AboutEzrechargePage() {
  const { t, i18n } = useTranslation('content');
  const hours = useSupportHours();
  const [activeSlide, setActiveSlide] = useState(0);
  const live = useLiveOffers();

  // Slide i of the texts is poster i.
  const slides = toSlideTexts(t('aboutRecharge.slides', { returnObjects: true }), 'aboutRecharge.slides')
    .map((slide, index) => ({ slide, poster: POSTERS[index % POSTERS.length] }))
    .filter(({ poster }) => poster && advertised(live, poster.offers));
  const rewards = toStringList(
    t('aboutRecharge.rewards', { returnObjects: true }),
    'aboutRecharge.rewards',
  ).filter((_rule, index) => advertised(live, REWARD_OFFERS[index] ?? []));
  const showExample = advertised(live, ['bank_transfer_sgd']);
  const current = slides[activeSlide % Math.max(1, slides.length)]?.slide;
  // The signed-in flag is read after the first render (useSyncExternalStore's server value is "signed out"), so a
  // page rendered ahead of time matches the first render in the browser.
  const rechargeTarget = routePath(useSignedIn() ? 'ezrecharge' : 'recharge');

  return (
    <PageContainer>
      <header className="content-hero">
        <span className="content-eyebrow">{t('aboutRecharge.eyebrow')}</span>
        <h1>{t('aboutRecharge.title')}</h1>
        <p>{t('aboutRecharge.intro', { brand: SITE.brand, since: SITE.resellerSince })}</p>
        <p>{t('aboutRecharge.howItWorks')}</p>
        <div className="content-hero__actions">
          <Link className="button-link button-link--light" to={rechargeTarget}>
            {t('aboutRecharge.rechargeButton')}
          </Link>
        </div>
      </header>

      <Section id="benefits-title" title={t('aboutRecharge.benefitsTitle')}>
        <div className="content-grid content-grid--sm-2 content-grid--lg-4">
          {BENEFITS.map(({ key, icon }) => (
            <div key={key} className="content-card">
              <span className="content-icon">{icon}</span>
              <h3>{t(`aboutRecharge.benefits.${key}.title`)}</h3>
              <p>{t(`aboutRecharge.benefits.${key}.body`, { shopHours: hours.shop })}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="promotions-title" title={t('aboutRecharge.promotionsTitle')}>
        {live === undefined ? null : slides.length === 0 ? (
          <p className="content-muted content-section__intro">{t('aboutRecharge.noOffers')}</p>
        ) : (
          <>
            <p className="content-muted content-section__intro">{t('aboutRecharge.promotionsIntro')}</p>
            <div className="content-split content-split--promo content-promotions">
              <Carousel
                className="content-carousel"
                label={t('aboutRecharge.postersLabel')}
                aspectRatio="16 / 9"
                // Below the fold on a phone: every poster waits until it is near the screen.
                eagerFirst={false}
                onChange={setActiveSlide}
              >
                {slides.map(
                  ({ slide, poster }) =>
                    poster && (
                      <CarouselImage
                        key={slide.title}
                        src={posterSrc(poster, i18n.resolvedLanguage)}
                        alt={slide.alt}
                        width={800}
                        height={450}
                      />
                    ),
                )}
              </Carousel>
              {current && (
                <div className="content-slide-text">
                  <span className="content-slide-text__counter">
                    {t('aboutRecharge.slideCounter', { current: activeSlide + 1, total: slides.length })}
                  </span>
                  <h3>{current.title}</h3>
                  <p>{current.body}</p>
                </div>
              )}
            </div>
          </>
        )}
      </Section>

      <Section id="rewards-title" title={t('aboutRecharge.rewardsTitle')}>
        <div className="content-split content-split--rewards">
          {live === undefined ? null : rewards.length > 0 ? (
            <ul className="content-lead">
              {rewards.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          ) : (
            <p className="content-lead">{t('aboutRecharge.noOffers')}</p>
          )}
          {showExample && (
            <div className="content-card content-card--soft content-example">
              <h3>{t('aboutRecharge.exampleTitle')}</h3>
              <dl>
                {EXAMPLE_ROWS.map(([label, value]) => (
                  <div key={label} className="content-example__row">
                    <dt>{t(`aboutRecharge.${label}`)}</dt>
                    <dd>{t(`aboutRecharge.${value}`)}</dd>
                  </div>
                ))}
              </dl>
              <p className="content-muted content-small">{t('aboutRecharge.exampleNote')}</p>
            </div>
          )}
        </div>
      </Section>

      <Section id="safety-title" title={t('aboutRecharge.safetyTitle')}>
        <div className="content-notice content-notice--warning">
          <WarningIcon className="content-notice__icon" />
          <div>
            <strong className="content-notice__title">{t('aboutRecharge.scamTitle')}</strong>
            <p>{t('aboutRecharge.scamBody', { phone: SITE.phone })}</p>
          </div>
        </div>
        <p className="content-spaced">
          {t('aboutRecharge.refundNote')}{' '}
          <Link to={routePath('refund-policy')}>{t('aboutRecharge.refundLink')}</Link>
        </p>
      </Section>

      <Section id="hours-title" title={t('aboutRecharge.hoursTitle')}>
        <div className="content-grid content-grid--sm-2">
          <div className="content-card">
            <span className="content-muted">{t('aboutRecharge.shopHoursLabel')}</span>
            <p className="content-hours__value">{hours.shop}</p>
          </div>
          <div className="content-card">
            <span className="content-muted">{t('aboutRecharge.agencyHoursLabel')}</span>
            <p className="content-hours__value">{hours.agency}</p>
          </div>
        </div>
        <div className="content-actions">
          <span className="content-muted">{t('aboutRecharge.hoursNote')}</span>
          <Link to={routePath('contact-ezrecharge')}>{t('aboutRecharge.contactCta')}</Link>
        </div>
      </Section>
    </PageContainer>
  );
}
