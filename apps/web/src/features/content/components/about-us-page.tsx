import { AimOutlined, EyeOutlined, HeartOutlined } from '@ant-design/icons';
import { Anchor, Card, Col, Grid, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE } from '../../../lib/site';
import { toStringList, toTitledTexts } from './locale-shapes';
import { PageContainer } from './page-container';

const { Title, Paragraph } = Typography;

const SECTIONS = ['about', 'team', 'future'] as const;
/** Room for a sticky site header when the side navigation scrolls to a section. */
const HEADER_OFFSET = 88;

function ValueCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Card style={{ height: '100%' }}>
      <div style={{ fontSize: 28, color: token.colorPrimary, marginBottom: token.marginXS }}>{icon}</div>
      <Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** SPEC.md §2 "About us": side navigation (About us, Our team, Future) and Mission, Vision, Values cards. */
export function AboutUsPage() {
  const { t } = useTranslation('content');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = screens.md === true;
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
  const sectionStyle = { scrollMarginTop: HEADER_OFFSET, marginBottom: token.marginXL * 1.5 };
  const bodyStyle = { fontSize: token.fontSizeLG, maxWidth: 760 };

  return (
    <PageContainer>
      <Title level={1}>{t('aboutUs.title')}</Title>
      <Row gutter={[32, 16]}>
        <Col xs={24} md={6} lg={5}>
          <nav aria-label={t('aboutUs.navLabel')}>
            <Anchor
              direction={wide ? 'vertical' : 'horizontal'}
              affix={wide}
              offsetTop={HEADER_OFFSET}
              targetOffset={HEADER_OFFSET}
              replace
              items={SECTIONS.map((key) => ({ key, href: `#${key}`, title: t(`aboutUs.nav.${key}`) }))}
            />
          </nav>
        </Col>

        <Col xs={24} md={18} lg={19}>
          <section id="about" aria-labelledby="about-title" style={sectionStyle}>
            <Title level={2} id="about-title" style={{ marginTop: 0 }}>
              {t('aboutUs.aboutTitle')}
            </Title>
            {aboutBody.map((paragraph) => (
              <Paragraph key={paragraph} style={bodyStyle}>
                {paragraph}
              </Paragraph>
            ))}
            <Row gutter={[16, 16]} style={{ marginTop: token.marginLG }}>
              <Col xs={24} lg={8}>
                <ValueCard icon={<AimOutlined aria-hidden />} title={t('aboutUs.mission.title')}>
                  <Paragraph style={{ marginBottom: 0 }}>{t('aboutUs.mission.body')}</Paragraph>
                </ValueCard>
              </Col>
              <Col xs={24} lg={8}>
                <ValueCard icon={<EyeOutlined aria-hidden />} title={t('aboutUs.vision.title')}>
                  <Paragraph style={{ marginBottom: 0 }}>{t('aboutUs.vision.body')}</Paragraph>
                </ValueCard>
              </Col>
              <Col xs={24} lg={8}>
                <ValueCard icon={<HeartOutlined aria-hidden />} title={t('aboutUs.values.title')}>
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {values.map((value) => (
                      <li key={value} style={{ marginBottom: token.marginXXS }}>
                        {value}
                      </li>
                    ))}
                  </ul>
                </ValueCard>
              </Col>
            </Row>
          </section>

          <section id="team" aria-labelledby="team-title" style={sectionStyle}>
            <Title level={2} id="team-title">
              {t('aboutUs.teamTitle')}
            </Title>
            <Paragraph style={bodyStyle}>{t('aboutUs.teamIntro')}</Paragraph>
            <Row gutter={[16, 16]}>
              {teams.map((team) => (
                <Col key={team.title} xs={24} md={8}>
                  <Card
                    style={{ height: '100%', background: token.colorFillQuaternary }}
                    variant="borderless"
                  >
                    <Title level={3} style={{ marginTop: 0, fontSize: token.fontSizeHeading5 }}>
                      {team.title}
                    </Title>
                    <Paragraph style={{ marginBottom: 0 }}>{team.body}</Paragraph>
                  </Card>
                </Col>
              ))}
            </Row>
          </section>

          <section id="future" aria-labelledby="future-title" style={sectionStyle}>
            <Title level={2} id="future-title">
              {t('aboutUs.futureTitle')}
            </Title>
            {futureBody.map((paragraph) => (
              <Paragraph key={paragraph} style={bodyStyle}>
                {paragraph}
              </Paragraph>
            ))}
          </section>
        </Col>
      </Row>
    </PageContainer>
  );
}
