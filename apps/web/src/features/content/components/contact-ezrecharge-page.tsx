import {
  ClockCircleOutlined,
  MailOutlined,
  MessageOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Col, Row } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE } from '../../../lib/site';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';

// The form (antd Form and the shared schemas) loads after the page, so the other content pages never carry it.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="content-card">
      <span className="content-icon">{icon}</span>
      <h2 style={{ fontSize: 20 }}>{title}</h2>
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

      <Row gutter={[20, 20]} style={{ marginTop: 32 }}>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<ClockCircleOutlined aria-hidden />} title={t('contact.hoursTitle')}>
            <p className="content-hours__value">{hours.shop}</p>
            <p className="content-muted content-small" style={{ marginTop: 12 }}>
              {t('contact.hoursNote')}
            </p>
          </ContactCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<PhoneOutlined aria-hidden />} title={t('contact.phoneTitle')}>
            <p>
              <a className="content-contact-link" href={telHref}>
                {t('contact.callLink', { phone: SITE.phone })}
              </a>
            </p>
          </ContactCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<MessageOutlined aria-hidden />} title={t('contact.chatTitle')}>
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
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<MailOutlined aria-hidden />} title={t('contact.emailTitle')}>
            <p className="content-muted">{t('contact.emailBody')}</p>
            <p>
              <a className="content-contact-link" href={`mailto:${SITE.supportEmail}`}>
                {t('contact.emailLink', { email: SITE.supportEmail })}
              </a>
            </p>
          </ContactCard>
        </Col>
      </Row>

      <Suspense fallback={null}>
        <ContactForm />
      </Suspense>

      <div className="content-notice content-notice--info" style={{ marginTop: 32 }}>
        <SafetyCertificateOutlined aria-hidden />
        <div>
          <strong className="content-notice__title">{t('contact.tip')}</strong>
          <p>{t('contact.scamReminder')}</p>
        </div>
      </div>
    </PageContainer>
  );
}
