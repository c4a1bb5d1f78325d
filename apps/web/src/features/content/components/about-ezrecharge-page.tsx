import {
  ClockCircleOutlined,
  CustomerServiceOutlined,
  GiftOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { CAROUSEL_INTERVAL_MS } from '@ezrecharge/shared';
import { Alert, Card, Carousel, Col, Flex, Row, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../lib/routes';
import { SITE } from '../../../lib/site';
import { isSignedIn } from '../../../lib/storage';
import poster1En from '../assets/poster-1-en.svg';
import poster1Zh from '../assets/poster-1-zh.svg';
import poster2En from '../assets/poster-2-en.svg';
import poster2Zh from '../assets/poster-2-zh.svg';
import poster3En from '../assets/poster-3-en.svg';
import poster3Zh from '../assets/poster-3-zh.svg';
import poster4En from '../assets/poster-4-en.svg';
import poster4Zh from '../assets/poster-4-zh.svg';
import { LinkButton } from './link-button';
import { toSlideTexts, toStringList } from './locale-shapes';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';

const { Title, Paragraph, Text } = Typography;

const POSTERS = {
  en: [poster1En, poster2En, poster3En, poster4En],
  zh: [poster1Zh, poster2Zh, poster3Zh, poster4Zh],
} as const;

const BENEFITS = [
  { key: 'allDay', icon: <ClockCircleOutlined aria-hidden /> },
  { key: 'rewards', icon: <GiftOutlined aria-hidden /> },
  { key: 'secure', icon: <SafetyCertificateOutlined aria-hidden /> },
  { key: 'support', icon: <CustomerServiceOutlined aria-hidden /> },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby={id} style={{ marginTop: token.marginXXL }}>
      <Title level={2} id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** SPEC.md §2 "About-recharge": intro, recharge button, four benefits, promotions carousel, and the §1 facts. */
export function AboutEzrechargePage() {
  const { t, i18n } = useTranslation('content');
  const { token } = theme.useToken();
  const hours = useSupportHours();
  const [activeSlide, setActiveSlide] = useState(0);

  const posters = i18n.resolvedLanguage === 'zh' ? POSTERS.zh : POSTERS.en;
  const slides = toSlideTexts(t('aboutRecharge.slides', { returnObjects: true }), 'aboutRecharge.slides');
  const rewards = toStringList(t('aboutRecharge.rewards', { returnObjects: true }), 'aboutRecharge.rewards');
  const current = slides[activeSlide % slides.length];
  const rechargeTarget = routePath(isSignedIn() ? 'ezrecharge' : 'recharge');

  return (
    <PageContainer>
      <header
        style={{
          background: `linear-gradient(135deg, ${token.colorPrimary} 0%, ${token.colorPrimaryActive} 100%)`,
          color: token.colorWhite,
          borderRadius: token.borderRadiusLG * 2,
          padding: 'clamp(24px, 5vw, 56px)',
        }}
      >
        <Text style={{ color: 'inherit', opacity: 0.85, fontWeight: 600, letterSpacing: 0.5 }}>
          {t('aboutRecharge.eyebrow')}
        </Text>
        <Title level={1} style={{ color: 'inherit', marginTop: token.marginXS, maxWidth: 720 }}>
          {t('aboutRecharge.title')}
        </Title>
        <Paragraph style={{ color: 'inherit', fontSize: token.fontSizeLG, maxWidth: 720 }}>
          {t('aboutRecharge.intro', { brand: SITE.brand, since: SITE.resellerSince })}
        </Paragraph>
        <Paragraph style={{ color: 'inherit', fontSize: token.fontSizeLG, maxWidth: 720 }}>
          <ThunderboltOutlined aria-hidden /> {t('aboutRecharge.howItWorks')}
        </Paragraph>
        <LinkButton to={rechargeTarget} size="large" type="default">
          {t('aboutRecharge.rechargeButton')}
        </LinkButton>
      </header>

      <Section id="benefits-title" title={t('aboutRecharge.benefitsTitle')}>
        <Row gutter={[16, 16]}>
          {BENEFITS.map(({ key, icon }) => (
            <Col key={key} xs={24} sm={12} lg={6}>
              <Card style={{ height: '100%' }}>
                <div style={{ fontSize: 32, color: token.colorPrimary, marginBottom: token.marginSM }}>
                  {icon}
                </div>
                <Title level={3} style={{ marginTop: 0, fontSize: token.fontSizeHeading4 }}>
                  {t(`aboutRecharge.benefits.${key}.title`)}
                </Title>
                <Paragraph style={{ marginBottom: 0 }}>
                  {t(`aboutRecharge.benefits.${key}.body`, { shopHours: hours.shop })}
                </Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </Section>

      <Section id="promotions-title" title={t('aboutRecharge.promotionsTitle')}>
        <Paragraph type="secondary">{t('aboutRecharge.promotionsIntro')}</Paragraph>
        <Row gutter={[24, 24]} align="middle">
          <Col xs={24} md={14}>
            <div style={{ borderRadius: token.borderRadiusLG, overflow: 'hidden' }}>
              <Carousel
                autoplay
                autoplaySpeed={CAROUSEL_INTERVAL_MS}
                beforeChange={(_from, to) => setActiveSlide(to)}
                afterChange={setActiveSlide}
              >
                {slides.map((slide, index) => (
                  <div key={slide.title}>
                    <img
                      src={posters[index % posters.length]}
                      alt={slide.alt}
                      width={800}
                      height={450}
                      style={{ display: 'block', width: '100%', height: 'auto' }}
                    />
                  </div>
                ))}
              </Carousel>
            </div>
          </Col>
          <Col xs={24} md={10}>
            {current && (
              <div>
                <Text type="secondary">
                  {t('aboutRecharge.slideCounter', { current: activeSlide + 1, total: slides.length })}
                </Text>
                <Title level={3} style={{ marginTop: token.marginXS }}>
                  {current.title}
                </Title>
                <Paragraph style={{ fontSize: token.fontSizeLG }}>{current.body}</Paragraph>
              </div>
            )}
          </Col>
        </Row>
      </Section>

      <Section id="rewards-title" title={t('aboutRecharge.rewardsTitle')}>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={14}>
            <ul style={{ paddingInlineStart: 20, margin: 0, fontSize: token.fontSizeLG }}>
              {rewards.map((rule) => (
                <li key={rule} style={{ marginBottom: token.marginSM }}>
                  {rule}
                </li>
              ))}
            </ul>
          </Col>
          <Col xs={24} md={10}>
            <Card style={{ background: token.colorPrimaryBg }} variant="borderless">
              <Title level={3} style={{ marginTop: 0, fontSize: token.fontSizeHeading4 }}>
                {t('aboutRecharge.exampleTitle')}
              </Title>
              <dl style={{ margin: 0 }}>
                {(
                  [
                    ['exampleAmount', 'exampleAmountValue'],
                    ['exampleDiamonds', 'exampleDiamondsValue'],
                    ['exampleBonus', 'exampleBonusValue'],
                  ] as const
                ).map(([label, value]) => (
                  <Flex
                    key={label}
                    justify="space-between"
                    align="baseline"
                    gap={16}
                    style={{ padding: '6px 0' }}
                  >
                    <dt style={{ color: token.colorTextSecondary }}>{t(`aboutRecharge.${label}`)}</dt>
                    <dd style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 700 }}>
                      {t(`aboutRecharge.${value}`)}
                    </dd>
                  </Flex>
                ))}
              </dl>
              <Paragraph
                type="secondary"
                style={{ margin: `${token.marginSM}px 0 0`, fontSize: token.fontSizeSM }}
              >
                {t('aboutRecharge.exampleNote')}
              </Paragraph>
            </Card>
          </Col>
        </Row>
      </Section>

      <Section id="safety-title" title={t('aboutRecharge.safetyTitle')}>
        <Alert
          type="warning"
          showIcon
          title={<Text strong>{t('aboutRecharge.scamTitle')}</Text>}
          description={t('aboutRecharge.scamBody', { phone: SITE.phone })}
        />
        <Paragraph style={{ marginTop: token.marginMD }}>
          {t('aboutRecharge.refundNote')}{' '}
          <Link to={routePath('refund-policy')}>{t('aboutRecharge.refundLink')}</Link>
        </Paragraph>
      </Section>

      <Section id="hours-title" title={t('aboutRecharge.hoursTitle')}>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12}>
            <Card>
              <Text type="secondary">{t('aboutRecharge.shopHoursLabel')}</Text>
              <Paragraph strong style={{ fontSize: token.fontSizeLG, margin: `${token.marginXXS}px 0 0` }}>
                {hours.shop}
              </Paragraph>
            </Card>
          </Col>
          <Col xs={24} sm={12}>
            <Card>
              <Text type="secondary">{t('aboutRecharge.agencyHoursLabel')}</Text>
              <Paragraph strong style={{ fontSize: token.fontSizeLG, margin: `${token.marginXXS}px 0 0` }}>
                {hours.agency}
              </Paragraph>
            </Card>
          </Col>
        </Row>
        <Flex wrap align="center" gap={16} style={{ marginTop: token.marginMD }}>
          <Text type="secondary">{t('aboutRecharge.hoursNote')}</Text>
          <LinkButton to={routePath('contact-ezrecharge')} type="default">
            {t('aboutRecharge.contactCta')}
          </LinkButton>
        </Flex>
      </Section>
    </PageContainer>
  );
}
