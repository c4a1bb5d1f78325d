import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, ClockIcon, LocationIcon, MailIcon } from '../../../components/ui/icons';
import { SITE } from '../../../lib/site';
import { FeedbackForm } from './feedback-form';
import './feedback.css';

function InfoBlock({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="feedback-info__block" aria-labelledby={id}>
      <span className="feedback-info__icon">{icon}</span>
      <div>
        <h2 id={id} className="feedback-info__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The agency's hours of SITE (SPEC.md §1: Mon-Fri 8:00-22:00), worded for the active language. */
function useAgencyHours(): string {
  const { t } = useTranslation('feedback');
  const { days, open, close } = SITE.hours.agency;
  // "HH:MM" strings compare in clock order, so a close before the open means the shift ends the next day.
  return t(close < open ? 'info.hoursRangeOvernight' : 'info.hoursRange', {
    days: t(`info.days.${days}`),
    open,
    close,
  });
}

/**
 * Contact us 2 /contact-ezlivez (SPEC.md §2): the agency's feedback form beside its address, hours and direct
 * channels.
 */
export function ContactEzlivezPage() {
  const { t } = useTranslation('feedback');
  const hours = useAgencyHours();

  return (
    <div className="feedback-page">
      <h1 className="feedback-page__title">{t('title')}</h1>
      <p className="feedback-page__lead">{t('intro', { brand: SITE.agencyBrand })}</p>

      <div className="feedback-page__body">
        <div className="feedback-page__main">
          <section className="feedback-card" aria-labelledby="feedback-form-title">
            <h2 id="feedback-form-title" className="feedback-card__title">
              {t('formTitle')}
            </h2>
            <p className="feedback-card__hint">{t('formHint')}</p>
            <FeedbackForm />
          </section>
        </div>
        <div className="feedback-page__aside">
          <div className="feedback-info">
            <InfoBlock id="feedback-address-title" icon={<LocationIcon />} title={t('info.addressTitle')}>
              <address className="feedback-info__address">
                <strong>{SITE.agencyBrand}</strong>
                <br />
                {SITE.address}
              </address>
            </InfoBlock>
            <InfoBlock id="feedback-hours-title" icon={<ClockIcon />} title={t('info.hoursTitle')}>
              <p className="feedback-info__value">{hours}</p>
              <p className="feedback-info__note">{t('info.hoursNote')}</p>
            </InfoBlock>
            <InfoBlock id="feedback-chat-title" icon={<ChatIcon />} title={t('info.chatTitle')}>
              <p>
                <a href={SITE.whatsappChatUrl} target="_blank" rel="noopener noreferrer">
                  {t('info.chatLink', { phone: SITE.phone })}
                  <span className="visually-hidden"> {t('common:opensInNewTab')}</span>
                </a>
              </p>
            </InfoBlock>
            <InfoBlock id="feedback-email-title" icon={<MailIcon />} title={t('info.emailTitle')}>
              <p>
                <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
              </p>
            </InfoBlock>
          </div>
        </div>
      </div>
    </div>
  );
}
