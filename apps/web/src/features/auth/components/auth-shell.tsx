import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/brand-logo';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { SITE } from '../../../lib/site';
import './auth.css';

interface TAuthShellProps {
  titleId: string;
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of the sign-in, sign-up and reset screens: a side panel with the tagline and copyright, then the form. */
export function AuthShell({ titleId, title, subtitle, children, footer }: TAuthShellProps) {
  const { t } = useTranslation('auth');
  const year = new Date().getFullYear();
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby={titleId}>
        <aside className="auth-card__side">
          <BrandLogo />
          <p className="auth-card__tagline">{t('shell.tagline')}</p>
          <ul className="auth-card__points">
            {[t('shell.point1', { year: SITE.resellerSince }), t('shell.point2'), t('shell.point3')].map(
              (point) => (
                <li key={point}>
                  <CheckCircleIcon className="auth-card__point-icon" />
                  <span>{point}</span>
                </li>
              ),
            )}
          </ul>
          <p className="auth-card__copyright">{t('shell.copyright', { year, brand: SITE.brand })}</p>
        </aside>
        <div className="auth-card__main">
          <h1 id={titleId} className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__subtitle">{subtitle}</p>
          {children}
          <div className="auth-card__footer">{footer}</div>
        </div>
      </section>
    </div>
  );
}
