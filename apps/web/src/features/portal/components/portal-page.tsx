import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ArrowRightIcon,
  CheckCircleIcon,
  ExternalIcon,
  ShopIcon,
  TeamIcon,
} from '../../../components/ui/icons';
import { routePath } from '../../../lib/routes';
import { SITE } from '../../../lib/site';
import './portal-page.css';

interface TCardProps {
  id: string;
  tone: 'agency' | 'shop';
  icon: ReactNode;
  eyebrow: string;
  title: string;
  text: string;
  points: string[];
  action: ReactNode;
}

function PortalCard({ id, tone, icon, eyebrow, title, text, points, action }: TCardProps) {
  return (
    <article className={`portal-card portal-card--${tone}`} aria-labelledby={id}>
      <div className="portal-card__icon" aria-hidden="true">
        {icon}
      </div>
      <p className="portal-card__eyebrow">{eyebrow}</p>
      <h2 id={id} className="portal-card__title">
        {title}
      </h2>
      <p className="portal-card__text">{text}</p>
      <ul className="portal-card__points">
        {points.map((point) => (
          <li key={point}>
            <CheckCircleIcon className="portal-card__check" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
      {action}
    </article>
  );
}

/** Portal home `/` (SPEC.md §2): one card to the agency site, one to the shop page. */
export function PortalPage() {
  const { t } = useTranslation(['portal', 'common']);
  const { agency } = SITE.hours;
  return (
    <div className="portal">
      <section className="portal__hero" aria-labelledby="portal-title">
        <p className="portal__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="portal-title" className="portal__title">
          {t('hero.title')}
        </h1>
        <p className="portal__subtitle">{t('hero.subtitle')}</p>
      </section>
      <div className="portal__cards">
        <PortalCard
          id="portal-agency"
          tone="agency"
          icon={<TeamIcon />}
          eyebrow={t('agency.eyebrow')}
          title={t('agency.title')}
          text={t('agency.text')}
          points={[
            t('agency.point1'),
            t('agency.point2'),
            t('agency.point3', { open: agency.open, close: agency.close }),
          ]}
          action={
            <a className="portal-card__action" href={SITE.agencyUrl} target="_blank" rel="noopener">
              {t('agency.cta')}
              <ExternalIcon />
              <span className="visually-hidden">{` ${t('common:opensInNewTab')}`}</span>
            </a>
          }
        />
        <PortalCard
          id="portal-shop"
          tone="shop"
          icon={<ShopIcon />}
          eyebrow={t('shop.eyebrow')}
          title={t('shop.title')}
          text={t('shop.text')}
          points={[t('shop.point1', { year: SITE.resellerSince }), t('shop.point2'), t('shop.point3')]}
          action={
            <Link className="portal-card__action" to={routePath('about-ezrecharge')}>
              {t('shop.cta')}
              <ArrowRightIcon />
            </Link>
          }
        />
      </div>
    </div>
  );
}
