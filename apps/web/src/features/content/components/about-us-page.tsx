import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, HeartIcon, TargetIcon } from '../../../components/ui/icons';
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
      <h3 className="content-card__title">{title}</h3>
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
      <div className="content-with-nav">
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

        <div>
          <section id="about" tabIndex={-1} aria-labelledby="about-title" className="content-anchor">
            <h2 id="about-title">{t('aboutUs.aboutTitle')}</h2>
            {aboutBody.map((paragraph) => (
              <p key={paragraph} className="content-lead">
                {paragraph}
              </p>
            ))}
            <div className="content-grid content-grid--lg-3 content-grid--spaced">
              <ValueCard icon={<TargetIcon />} title={t('aboutUs.mission.title')}>
                <p>{t('aboutUs.mission.body')}</p>
              </ValueCard>
              <ValueCard icon={<EyeIcon />} title={t('aboutUs.vision.title')}>
                <p>{t('aboutUs.vision.body')}</p>
              </ValueCard>
              <ValueCard icon={<HeartIcon />} title={t('aboutUs.values.title')}>
                <ul>
                  {values.map((value) => (
                    <li key={value}>{value}</li>
                  ))}
                </ul>
              </ValueCard>
            </div>
          </section>

          <section id="team" tabIndex={-1} className="content-section" aria-labelledby="team-title">
            <h2 id="team-title">{t('aboutUs.teamTitle')}</h2>
            <p className="content-lead">{t('aboutUs.teamIntro')}</p>
            <div className="content-grid content-grid--md-3 content-promotions">
              {teams.map((team) => (
                <div key={team.title} className="content-card content-card--soft">
                  <h3>{team.title}</h3>
                  <p>{team.body}</p>
                </div>
              ))}
            </div>
          </section>

          <section id="future" tabIndex={-1} className="content-section" aria-labelledby="future-title">
            <h2 id="future-title">{t('aboutUs.futureTitle')}</h2>
            {futureBody.map((paragraph) => (
              <p key={paragraph} className="content-lead">
                {paragraph}
              </p>
            ))}
          </section>
        </div>
      </div>
    </PageContainer>
  );
}
