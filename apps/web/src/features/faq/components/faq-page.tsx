import type { TFaqGroups } from '@ezrecharge/shared/schemas/support';
import { Button, Collapse, type CollapseProps, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageLoading } from '../../../components/page-loading';
import { currentLanguage } from '../../../lib/i18n';
import { routePath } from '../../../lib/routes';
import { useGetFaqGroups } from '../api/get-faq-groups';
import './faq.css';

/**
 * FAQ /faq (SPEC.md §2): one accordion per module group, in the active language (the language toggle reloads
 * this page, SPEC.md §2). Questions and answers are the operator's text and render as text, never as markup.
 */
export function FaqPage() {
  const { t } = useTranslation('faq');
  const language = currentLanguage();
  const groups = useGetFaqGroups(language);

  return (
    <div className="faq-page">
      <h1 className="faq-page__title">{t('title')}</h1>
      <p className="faq-page__lead">{t('intro')}</p>

      {groups.isPending ? (
        <PageLoading />
      ) : groups.isError ? (
        <Result
          className="faq-state"
          status="warning"
          title={<span role="alert">{t('loadFailed')}</span>}
          extra={
            <Button type="primary" onClick={() => void groups.refetch()}>
              {t('common:retry')}
            </Button>
          }
        />
      ) : groups.data.length === 0 ? (
        <Empty className="faq-state" description={t('empty')} />
      ) : (
        <FaqGroups groups={groups.data} />
      )}

      <aside className="faq-help" aria-labelledby="faq-help-title">
        <div>
          <h2 id="faq-help-title" className="faq-help__title">
            {t('help.title')}
          </h2>
          <p>{t('help.body')}</p>
        </div>
        <div className="faq-help__links">
          <ButtonLink type="primary" to={routePath('contact-ezrecharge')}>
            {t('help.shop')}
          </ButtonLink>
          <ButtonLink to={routePath('contact-ezlivez')}>{t('help.agency')}</ButtonLink>
        </div>
      </aside>
    </div>
  );
}

function FaqGroups({ groups }: { groups: TFaqGroups }) {
  return (
    <>
      {groups.map((group, index) => {
        const headingId = `faq-group-${index}`;
        const items: CollapseProps['items'] = group.children.map((entry) => ({
          key: String(entry.id),
          label: <span className="faq-question">{entry.question}</span>,
          children: <p className="faq-answer">{entry.answer}</p>,
        }));
        return (
          <section key={group.name} className="faq-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="faq-group__title">
              {group.name}
            </h2>
            <Collapse className="faq-collapse" items={items} expandIconPlacement="end" />
          </section>
        );
      })}
    </>
  );
}
