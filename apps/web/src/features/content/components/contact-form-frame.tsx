import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './contact-form.css';

/**
 * The Contact 1 form's frame: heading, introduction and the card the form sits in. The page shows it empty while the
 * form's chunk loads (a plain block, not yet the named region), the form fills it; the card keeps the form's height
 * either way, so the notice below never moves.
 */
export function ContactFormFrame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('content');
  const loading = children === undefined;
  const heading = (
    <>
      <h2 id={loading ? undefined : 'contact-form-title'}>{t('contactForm.title')}</h2>
      <p className="content-muted content-section__intro">{t('contactForm.intro')}</p>
      <div className="content-card content-contact-form" aria-busy={loading || undefined}>
        {children}
      </div>
    </>
  );
  return loading ? (
    <div className="content-section">{heading}</div>
  ) : (
    <section className="content-section" aria-labelledby="contact-form-title">
      {heading}
    </section>
  );
}
