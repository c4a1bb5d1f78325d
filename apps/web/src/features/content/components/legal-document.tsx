import { MAX_ORDER_DIAMONDS, SESSION_DAYS } from '@ezrecharge/shared';
import { Card, Col, Divider, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath, type TRouteName } from '../../../lib/routes';
import { SITE } from '../../../lib/site';
import { toLegalDocument } from './locale-shapes';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';

const { Title, Paragraph, Text } = Typography;

export type TLegalDocKey = 'privacy' | 'terms' | 'refund';

const DOC_ROUTES: Record<TLegalDocKey, TRouteName> = {
  privacy: 'privacy-policy',
  terms: 'terms-conditions',
  refund: 'refund-policy',
};

/** Renders one policy of content.json: title, date, introduction, a table of contents and numbered sections. */
export function LegalDocument({ docKey }: { docKey: TLegalDocKey }) {
  const { t, i18n } = useTranslation('content');
  const { token } = theme.useToken();
  const hours = useSupportHours();
  const doc = toLegalDocument(
    t(docKey, {
      returnObjects: true,
      brand: SITE.brand,
      agencyBrand: SITE.agencyBrand,
      email: SITE.supportEmail,
      phone: SITE.phone,
      address: SITE.address,
      hours: hours.shop,
      sessionDays: SESSION_DAYS,
      maxDiamonds: new Intl.NumberFormat(i18n.resolvedLanguage === 'zh' ? 'zh-CN' : 'en-SG').format(
        MAX_ORDER_DIAMONDS,
      ),
    }),
    docKey,
  );
  const sectionId = (index: number) => `${docKey}-section-${index + 1}`;
  const others = (Object.keys(DOC_ROUTES) as TLegalDocKey[]).filter((key) => key !== docKey);

  return (
    <PageContainer narrow>
      <article>
        <header>
          <Title level={1} style={{ marginBottom: token.marginXS }}>
            {doc.title}
          </Title>
          <Text type="secondary">{t('common.lastUpdated', { date: doc.updated })}</Text>
        </header>

        <div style={{ marginTop: token.marginLG }}>
          {doc.intro.map((paragraph) => (
            <Paragraph key={paragraph} style={{ fontSize: token.fontSizeLG }}>
              {paragraph}
            </Paragraph>
          ))}
        </div>

        <Card
          size="small"
          style={{ background: token.colorFillQuaternary, marginBlock: token.marginLG }}
          variant="borderless"
        >
          <nav aria-labelledby={`${docKey}-toc`}>
            <Text strong id={`${docKey}-toc`}>
              {t('common.onThisPage')}
            </Text>
            <ol style={{ margin: `${token.marginXS}px 0 0`, paddingInlineStart: 24, columns: '16em 2' }}>
              {doc.sections.map((section, index) => (
                <li key={section.heading} style={{ breakInside: 'avoid', marginBottom: 4 }}>
                  <a href={`#${sectionId(index)}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
        </Card>

        {doc.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={sectionId(index)}>
            <Title
              level={2}
              id={sectionId(index)}
              style={{ fontSize: token.fontSizeHeading4, scrollMarginTop: 88 }}
            >
              {index + 1}. {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Paragraph key={paragraph}>{paragraph}</Paragraph>
            ))}
            {section.items.length > 0 && (
              <Paragraph>
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </Paragraph>
            )}
            {section.closing.map((paragraph) => (
              <Paragraph key={paragraph}>{paragraph}</Paragraph>
            ))}
          </section>
        ))}

        <Divider />
        <nav aria-labelledby={`${docKey}-related`}>
          <Text strong id={`${docKey}-related`}>
            {t('common.related')}
          </Text>
          <Row gutter={[24, 8]} style={{ marginTop: token.marginXS }}>
            {others.map((key) => (
              <Col key={key}>
                <Link to={routePath(DOC_ROUTES[key])}>{t(`${key}.title`)}</Link>
              </Col>
            ))}
            <Col>
              <Link to={routePath('contact-ezrecharge')}>{t('common.contactLink')}</Link>
            </Col>
          </Row>
        </nav>
      </article>
    </PageContainer>
  );
}
