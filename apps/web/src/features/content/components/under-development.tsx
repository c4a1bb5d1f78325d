import { HomeOutlined, ToolOutlined } from '@ant-design/icons';
import { Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../../lib/routes';
import { LinkButton } from './link-button';
import { PageContainer } from './page-container';

const { Title, Paragraph } = Typography;

/** SPEC.md §2: the EzShop and EzLivez about pages say they are under development. */
export function UnderDevelopment({ title }: { title: string }) {
  const { t } = useTranslation('content');
  const { token } = theme.useToken();
  return (
    <PageContainer narrow>
      <Title level={1}>{title}</Title>
      <Card>
        <Flex
          vertical
          align="center"
          gap={token.marginSM}
          style={{ textAlign: 'center', padding: '24px 8px' }}
        >
          <ToolOutlined aria-hidden style={{ fontSize: 48, color: token.colorPrimary }} />
          <Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
            {t('underDevelopment.title')}
          </Title>
          <Paragraph type="secondary" style={{ maxWidth: 480, margin: 0 }}>
            {t('underDevelopment.body')}
          </Paragraph>
          <LinkButton to={routePath('portal')} icon={<HomeOutlined aria-hidden />}>
            {t('common.backHome')}
          </LinkButton>
        </Flex>
      </Card>
    </PageContainer>
  );
}
