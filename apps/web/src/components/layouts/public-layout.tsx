import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { routePath, type TRouteName } from '../../lib/routes';
import { logout, useSignedIn } from '../../lib/session';
import { SITE } from '../../lib/site';
import { BrandLogo } from '../brand-logo';
import { HydrateInTurn } from '../hydrate-in-turn';
import { LanguageToggle } from '../language-toggle';
import { PageLoading } from '../page-loading';
import { Button, LinkButton } from '../ui/button';
import { ExternalIcon, FacebookIcon, InstagramIcon, MenuIcon, TikTokIcon } from '../ui/icons';
import './public-layout.css';

function navClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'site-nav__link is-active' : 'site-nav__link';
}

function NewTabHint() {
  const { t } = useTranslation('common');
  return <span className="visually-hidden">{` ${t('opensInNewTab')}`}</span>;
}

function SiteHeader() {
  const { t } = useTranslation('layout');
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A chosen link closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => setMenuOpen(false), [pathname]);

  const rechargeHref = routePath(signedIn ? 'ezrecharge' : 'recharge');

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link
          className="site-header__brand"
          to={routePath('portal')}
          aria-label={t('header.home', { brand: SITE.brand })}
        >
          <BrandLogo />
        </Link>

        <nav
          id="site-nav"
          className={menuOpen ? 'site-nav is-open' : 'site-nav'}
          aria-label={t('header.mainNav')}
        >
          <a className="site-nav__link" href={SITE.agencyUrl} target="_blank" rel="noopener">
            {t('header.agency')}
            <ExternalIcon className="site-nav__external" />
            <NewTabHint />
          </a>
          <NavLink className={navClass} to={routePath('about-ezrecharge')}>
            {t('header.shop')}
          </NavLink>
          <LanguageToggle className="site-nav__language" />
          {signedIn ? (
            <button type="button" className="site-nav__link site-nav__button" onClick={() => void logout()}>
              {t('header.logout')}
            </button>
          ) : (
            <NavLink className={navClass} to={routePath('login')}>
              {t('header.login')}
            </NavLink>
          )}
        </nav>

        <div className="site-header__actions">
          <LinkButton
            variant="primary"
            round
            href={rechargeHref}
            target="_blank"
            rel="noopener"
            aria-label={`${t('header.recharge')} ${t('common:opensInNewTab')}`}
          >
            {t('header.recharge')}
          </LinkButton>
          <Button
            className="site-header__menu-toggle"
            variant="text"
            icon={<MenuIcon />}
            aria-label={t('header.menu')}
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpen((open) => !open)}
          />
        </div>
      </div>
    </header>
  );
}

function FooterGroup({ id, title, routes }: { id: string; title: string; routes: TRouteName[] }) {
  const { t } = useTranslation('common');
  return (
    <nav className="site-footer__group" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      <ul className="site-footer__links">
        {routes.map((name) => (
          <li key={name}>
            <NavLink className={navClass} to={routePath(name)}>
              {t(`routes.${name}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SocialLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <li>
      <a
        className="site-footer__social"
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={label}
        title={label}
      >
        {icon}
      </a>
    </li>
  );
}

function SiteFooter() {
  const { t } = useTranslation('layout');
  const year = new Date().getFullYear();
  const brand = SITE.brand;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Link className="site-footer__brand" to={routePath('portal')}>
            <BrandLogo />
          </Link>
          <p className="site-footer__tagline">{t('footer.tagline', { year: SITE.resellerSince })}</p>
          <ul className="site-footer__socials" aria-label={t('footer.social')}>
            <SocialLink
              href={SITE.social.facebook}
              label={t('footer.facebook', { brand })}
              icon={<FacebookIcon />}
            />
            <SocialLink
              href={SITE.social.instagram}
              label={t('footer.instagram', { brand })}
              icon={<InstagramIcon />}
            />
            <SocialLink
              href={SITE.social.tiktok}
              label={t('footer.tiktok', { brand })}
              icon={<TikTokIcon />}
            />
          </ul>
        </div>
        <FooterGroup
          id="footer-company"
          title={t('footer.company')}
          routes={['about-ezrecharge', 'about-ezshop', 'about-ezlivez', 'about-us']}
        />
        <FooterGroup
          id="footer-legal"
          title={t('footer.legal')}
          routes={['privacy-policy', 'terms-conditions', 'refund-policy']}
        />
        <FooterGroup
          id="footer-help"
          title={t('footer.help')}
          routes={['faq', 'contact-ezrecharge', 'contact-ezlivez']}
        />
      </div>
      <p className="site-footer__copyright">{t('footer.copyright', { year, brand })}</p>
    </footer>
  );
}

export function PublicLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <HydrateInTurn>
        <SiteHeader />
      </HydrateInTurn>
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrateInTurn>
        <SiteFooter />
      </HydrateInTurn>
    </div>
  );
}
