import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeIcon, ToolIcon } from '../../../components/ui/icons';
import { routePath } from '../../../lib/routes';
import { PageContainer } from './page-container';

/** SPEC.md §2: the EzShop and EzLivez about pages say they are under development. */
export function UnderDevelopment({ title }: { title: string }) {
  const { t } = useTranslation('content');
  return (
    <PageContainer narrow>
      <h1>{title}</h1>
      <div className="content-card content-wip">
        <span className="content-icon">
          <ToolIcon />
        </span>
        <h2>{t('underDevelopment.title')}</h2>
        <p className="content-muted">{t('underDevelopment.body')}</p>
        <Link className="button-link" to={routePath('portal')}>
          <HomeIcon className="content-wip__home-icon" />
          {t('common.backHome')}
        </Link>
      </div>
    </PageContainer>
  );
}
