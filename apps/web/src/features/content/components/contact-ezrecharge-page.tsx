import {
  ClockCircleOutlined,
  MailOutlined,
  MessageOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Alert, Card, Col, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE } from '../../../lib/site';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';
import { VISUALLY_HIDDEN } from './visually-hidden';

const { Title, Paragraph, Text } = Typography;

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Card style={{ height: '100%' }}>
      <div style={{ fontSize: 28, color: token.colorPrimary, marginBottom: token.marginSM }}>{icon}</div>
      <Title level={2} style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** SPEC.md §2 "Contact 1": service hours, phone and chat support for the recharge brand; no form. */
export function ContactEzrechargePage() {
  const { t } = useTranslation('content');
  const { token } = theme.useToken();
  const hours = useSupportHours();
  const telHref = `tel:${SITE.phone.replace(/[^+\d]/g, '')}`;

  return (
    <PageContainer>
      <Title level={1}>{t('contact.title')}</Title>
      <Paragraph style={{ fontSize: token.fontSizeLG, maxWidth: 640 }}>{t('contact.intro')}</Paragraph>

      <Row gutter={[16, 16]} style={{ marginTop: token.marginLG }}>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<ClockCircleOutlined aria-hidden />} title={t('contact.hoursTitle')}>
            <Paragraph strong>{hours.shop}</Paragraph>
            <Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('contact.hoursNote')}
            </Paragraph>
          </ContactCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<PhoneOutlined aria-hidden />} title={t('contact.phoneTitle')}>
            <Paragraph style={{ marginBottom: 0 }}>
              <a href={telHref} style={{ fontSize: token.fontSizeLG, fontWeight: 600 }}>
                {t('contact.callLink', { phone: SITE.phone })}
              </a>
            </Paragraph>
          </ContactCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<MessageOutlined aria-hidden />} title={t('contact.chatTitle')}>
            <Paragraph type="secondary">{t('contact.chatBody')}</Paragraph>
            <Paragraph style={{ marginBottom: 0 }}>
              <a
                href={SITE.whatsappChatUrl}
                target="_blank"
                rel="noopener noreferrer"
                style={{ fontWeight: 600 }}
              >
                {t('contact.chatLink')}
                <span style={VISUALLY_HIDDEN}> {t('common.opensInNewTab')}</span>
              </a>
            </Paragraph>
          </ContactCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <ContactCard icon={<MailOutlined aria-hidden />} title={t('contact.emailTitle')}>
            <Paragraph type="secondary">{t('contact.emailBody')}</Paragraph>
            <Paragraph style={{ marginBottom: 0 }}>
              <a href={`mailto:${SITE.supportEmail}`} style={{ fontWeight: 600, wordBreak: 'break-word' }}>
                {t('contact.emailLink', { email: SITE.supportEmail })}
              </a>
            </Paragraph>
          </ContactCard>
        </Col>
      </Row>

      <Alert
        style={{ marginTop: token.marginXL }}
        type="info"
        showIcon
        icon={<SafetyCertificateOutlined aria-hidden />}
        title={<Text strong>{t('contact.tip')}</Text>}
        description={t('contact.scamReminder')}
      />
    </PageContainer>
  );
}
