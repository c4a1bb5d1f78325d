import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon, ShieldCheckIcon } from '../../../components/ui/icons';
import { SITE } from '../../../lib/site';
import { ContactFormFrame } from './contact-form-frame';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';

// The form (the form hook and the shared zod schemas) loads after the page, so the other content pages never carry
// it; until it arrives its frame holds its place, so nothing below it moves.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="content-card">
      <span className="content-icon">{icon}</span>
      <h2 className="content-card__title--small">{title}</h2>
      {children}
    </div>
  );
}

/** SPEC.md §2 "Contact 1": service hours, phone and chat support for the recharge brand, then its form variant. */
export function ContactEzrechargePage() {
  const { t } = useTranslation('content');
  const hours = useSupportHours();
  const telHref = `tel:${SITE.phone.replace(/[^+\d]/g, '')}`;

  return (
    <PageContainer>
      <h1>{t('contact.title')}</h1>
      <p className="content-lead">{t('contact.intro')}</p>

      <div className="content-grid content-grid--sm-2 content-grid--lg-4 content-contact-cards">
        <ContactCard icon={<ClockIcon />} title={t('contact.hoursTitle')}>
          <p className="content-hours__value">{hours.shop}</p>
          <p className="content-muted content-small content-hours__note">{t('contact.hoursNote')}</p>
        </ContactCard>
        <ContactCard icon={<PhoneIcon />} title={t('contact.phoneTitle')}>
          <p>
            <a className="content-contact-link" href={telHref}>
              {t('contact.callLink', { phone: SITE.phone })}
            </a>
          </p>
        </ContactCard>
        <ContactCard icon={<ChatIcon />} title={t('contact.chatTitle')}>
          <p className="content-muted">{t('contact.chatBody')}</p>
          <p>
            <a
              className="content-contact-link"
              href={SITE.whatsappChatUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('contact.chatLink')}
              <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
            </a>
          </p>
        </ContactCard>
        <ContactCard icon={<MailIcon />} title={t('contact.emailTitle')}>
          <p className="content-muted">{t('contact.emailBody')}</p>
          <p>
            <a className="content-contact-link" href={`mailto:${SITE.supportEmail}`}>
              {t('contact.emailLink', { email: SITE.supportEmail })}
            </a>
          </p>
        </ContactCard>
      </div>

      <Suspense fallback={<ContactFormFrame />}>
        <ContactForm />
      </Suspense>

      <div className="content-notice content-notice--info content-contact-tip">
        <ShieldCheckIcon className="content-notice__icon" />
        <div>
          <strong className="content-notice__title">{t('contact.tip')}</strong>
          <p>{t('contact.scamReminder')}</p>
        </div>
      </div>
    </PageContainer>
  );
}
