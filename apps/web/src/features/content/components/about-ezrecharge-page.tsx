import {
  ClockCircleOutlined,
  CustomerServiceOutlined,
  GiftOutlined,
  SafetyCertificateOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { CAROUSEL_INTERVAL_MS } from '@ezrecharge/shared/limits';
import { Carousel, Col, Row } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POSTERS, posterSrc } from '../../../assets/posters';
import { routePath } from '../../../lib/routes';
import { SITE } from '../../../lib/site';
import { isSignedIn } from '../../../lib/storage';
import { toSlideTexts, toStringList } from './locale-shapes';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';

const BENEFITS = [
  { key: 'allDay', icon: <ClockCircleOutlined aria-hidden /> },
  { key: 'rewards', icon: <GiftOutlined aria-hidden /> },
  { key: 'secure', icon: <SafetyCertificateOutlined aria-hidden /> },
  { key: 'support', icon: <CustomerServiceOutlined aria-hidden /> },
] as const;

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

/** SPEC.md §2 "About-recharge": intro, recharge button, four benefits, promotions carousel, and the §1 facts. */
export function AboutEzrechargePage() {
  const { t, i18n } = useTranslation('content');
  const hours = useSupportHours();
  const [activeSlide, setActiveSlide] = useState(0);

  const slides = toSlideTexts(t('aboutRecharge.slides', { returnObjects: true }), 'aboutRecharge.slides');
  const rewards = toStringList(t('aboutRecharge.rewards', { returnObjects: true }), 'aboutRecharge.rewards');
  const current = slides[activeSlide % slides.length];
  const rechargeTarget = routePath(isSignedIn() ? 'ezrecharge' : 'recharge');

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
        <Row gutter={[20, 20]}>
          {BENEFITS.map(({ key, icon }) => (
            <Col key={key} xs={24} sm={12} lg={6}>
              <div className="content-card">
                <span className="content-icon">{icon}</span>
                <h3>{t(`aboutRecharge.benefits.${key}.title`)}</h3>
                <p>{t(`aboutRecharge.benefits.${key}.body`, { shopHours: hours.shop })}</p>
              </div>
            </Col>
          ))}
        </Row>
      </Section>

      <Section id="promotions-title" title={t('aboutRecharge.promotionsTitle')}>
        <p className="content-muted content-section__intro">{t('aboutRecharge.promotionsIntro')}</p>
        <Row gutter={[32, 24]} align="middle" style={{ marginTop: 20 }}>
          <Col xs={24} md={14}>
            <div className="content-carousel">
              <Carousel
                autoplay
                autoplaySpeed={CAROUSEL_INTERVAL_MS}
                dots={{ className: 'content-carousel__dots' }}
                beforeChange={(_from, to) => setActiveSlide(to)}
                afterChange={setActiveSlide}
              >
                {slides.map((slide, index) => {
                  const poster = POSTERS[index % POSTERS.length];
                  return (
                    <div key={slide.title}>
                      {poster && (
                        <img
                          src={posterSrc(poster, i18n.resolvedLanguage)}
                          alt={slide.alt}
                          width={800}
                          height={450}
                        />
                      )}
                    </div>
                  );
                })}
              </Carousel>
            </div>
          </Col>
          <Col xs={24} md={10}>
            {current && (
              <div className="content-slide-text">
                <span className="content-slide-text__counter">
                  {t('aboutRecharge.slideCounter', { current: activeSlide + 1, total: slides.length })}
                </span>
                <h3>{current.title}</h3>
                <p>{current.body}</p>
              </div>
            )}
          </Col>
        </Row>
      </Section>

      <Section id="rewards-title" title={t('aboutRecharge.rewardsTitle')}>
        <Row gutter={[32, 24]}>
          <Col xs={24} md={13}>
            <ul className="content-lead">
              {rewards.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </Col>
          <Col xs={24} md={11}>
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
          </Col>
        </Row>
      </Section>

      <Section id="safety-title" title={t('aboutRecharge.safetyTitle')}>
        <div className="content-notice content-notice--warning">
          <WarningOutlined aria-hidden />
          <div>
            <strong className="content-notice__title">{t('aboutRecharge.scamTitle')}</strong>
            <p>{t('aboutRecharge.scamBody', { phone: SITE.phone })}</p>
          </div>
        </div>
        <p style={{ marginTop: 16 }}>
          {t('aboutRecharge.refundNote')}{' '}
          <Link to={routePath('refund-policy')}>{t('aboutRecharge.refundLink')}</Link>
        </p>
      </Section>

      <Section id="hours-title" title={t('aboutRecharge.hoursTitle')}>
        <Row gutter={[20, 20]}>
          <Col xs={24} sm={12}>
            <div className="content-card">
              <span className="content-muted">{t('aboutRecharge.shopHoursLabel')}</span>
              <p className="content-hours__value">{hours.shop}</p>
            </div>
          </Col>
          <Col xs={24} sm={12}>
            <div className="content-card">
              <span className="content-muted">{t('aboutRecharge.agencyHoursLabel')}</span>
              <p className="content-hours__value">{hours.agency}</p>
            </div>
          </Col>
        </Row>
        <div className="content-actions">
          <span className="content-muted">{t('aboutRecharge.hoursNote')}</span>
          <Link to={routePath('contact-ezrecharge')}>{t('aboutRecharge.contactCta')}</Link>
        </div>
      </Section>
    </PageContainer>
  );
}
