import { AimOutlined, EyeOutlined, HeartOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE } from '../../../lib/site';
import { toStringList, toTitledTexts } from './locale-shapes';
import { PageContainer } from './page-container';

const SECTIONS = ['about', 'team', 'future'] as const;
type TSection = (typeof SECTIONS)[number];

/** Highlights the side-navigation entry of the section the reader is looking at. */
function useSectionInView(): [TSection, (section: TSection) => void] {
  const [current, setCurrent] = useState<TSection>('about');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.find((entry) => entry.isIntersecting)?.target.id;
        const section = SECTIONS.find((key) => key === visible);
        if (section) setCurrent(section);
      },
      // A section counts as current while it crosses the upper third of the window, below the sticky header.
      { rootMargin: '-88px 0px -60% 0px' },
    );
    for (const key of SECTIONS) {
      const element = document.getElementById(key);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);
  return [current, setCurrent];
}

function ValueCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="content-card">
      <span className="content-icon">{icon}</span>
      <h3 style={{ fontSize: 22 }}>{title}</h3>
      {children}
    </div>
  );
}

/** SPEC.md §2 "About us": side navigation (About us, Our team, Future) and Mission, Vision, Values cards. */
export function AboutUsPage() {
  const { t } = useTranslation('content');
  const [current, setCurrent] = useSectionInView();
  const names = { brand: SITE.brand, agencyBrand: SITE.agencyBrand, since: SITE.resellerSince };

  const aboutBody = toStringList(
    t('aboutUs.aboutBody', { returnObjects: true, ...names }),
    'aboutUs.aboutBody',
  );
  const values = toStringList(t('aboutUs.values.items', { returnObjects: true }), 'aboutUs.values.items');
  const teams = toTitledTexts(t('aboutUs.teams', { returnObjects: true, ...names }), 'aboutUs.teams');
  const futureBody = toStringList(
    t('aboutUs.futureBody', { returnObjects: true, ...names }),
    'aboutUs.futureBody',
  );

  const goTo = (section: TSection) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(section);
    if (!target) return;
    event.preventDefault();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users continue reading from the chosen section.
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', `#${section}`);
    setCurrent(section);
  };

  return (
    <PageContainer>
      <h1>{t('aboutUs.title')}</h1>
      <Row gutter={[40, 24]} style={{ marginTop: 24 }}>
        <Col xs={24} md={6} lg={5}>
          <nav className="content-sidenav" aria-label={t('aboutUs.navLabel')}>
            <ul>
              {SECTIONS.map((key) => (
                <li key={key}>
                  <a
                    href={`#${key}`}
                    onClick={goTo(key)}
                    aria-current={current === key ? 'location' : undefined}
                  >
                    {t(`aboutUs.nav.${key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </Col>

        <Col xs={24} md={18} lg={19}>
          <section id="about" tabIndex={-1} aria-labelledby="about-title" style={{ scrollMarginTop: 88 }}>
            <h2 id="about-title">{t('aboutUs.aboutTitle')}</h2>
            {aboutBody.map((paragraph) => (
              <p key={paragraph} className="content-lead">
                {paragraph}
              </p>
            ))}
            <Row gutter={[20, 20]} style={{ marginTop: 28 }}>
              <Col xs={24} lg={8}>
                <ValueCard icon={<AimOutlined aria-hidden />} title={t('aboutUs.mission.title')}>
                  <p>{t('aboutUs.mission.body')}</p>
                </ValueCard>
              </Col>
              <Col xs={24} lg={8}>
                <ValueCard icon={<EyeOutlined aria-hidden />} title={t('aboutUs.vision.title')}>
                  <p>{t('aboutUs.vision.body')}</p>
                </ValueCard>
              </Col>
              <Col xs={24} lg={8}>
                <ValueCard icon={<HeartOutlined aria-hidden />} title={t('aboutUs.values.title')}>
                  <ul>
                    {values.map((value) => (
                      <li key={value}>{value}</li>
                    ))}
                  </ul>
                </ValueCard>
              </Col>
            </Row>
          </section>

          <section id="team" tabIndex={-1} className="content-section" aria-labelledby="team-title">
            <h2 id="team-title">{t('aboutUs.teamTitle')}</h2>
            <p className="content-lead">{t('aboutUs.teamIntro')}</p>
            <Row gutter={[20, 20]} style={{ marginTop: 20 }}>
              {teams.map((team) => (
                <Col key={team.title} xs={24} md={8}>
                  <div className="content-card content-card--soft">
                    <h3>{team.title}</h3>
                    <p>{team.body}</p>
                  </div>
                </Col>
              ))}
            </Row>
          </section>

          <section id="future" tabIndex={-1} className="content-section" aria-labelledby="future-title">
            <h2 id="future-title">{t('aboutUs.futureTitle')}</h2>
            {futureBody.map((paragraph) => (
              <p key={paragraph} className="content-lead">
                {paragraph}
              </p>
            ))}
          </section>
        </Col>
      </Row>
    </PageContainer>
  );
}
