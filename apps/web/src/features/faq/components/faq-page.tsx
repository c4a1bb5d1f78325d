import type { TFaqGroups } from '@ezrecharge/shared/schemas/support';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { Accordion } from '../../../components/ui/accordion';
import { LinkButton } from '../../../components/ui/button';
import { currentLanguage } from '../../../lib/i18n';
import { routePath } from '../../../lib/routes';
import { useGetFaqGroups } from '../api/get-faq-groups';
import './faq.css';

/**
 * FAQ /faq (SPEC.md §2): one accordion per module group, in the active language (the language toggle reloads
 * this page, SPEC.md §2). Questions and answers are the operator's text and render as text, never as markup.
 * While the groups load, a skeleton of the same shape holds their place.
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
        <FaqSkeleton />
      ) : groups.isError ? (
        <div className="faq-state">
          <LoadFailed title={t('loadFailed')} onRetry={() => void groups.refetch()} />
        </div>
      ) : groups.data.length === 0 ? (
        <p className="faq-state faq-state--empty">{t('empty')}</p>
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
          <InAppLinkButton variant="primary" to={routePath('contact-ezrecharge')}>
            {t('help.shop')}
          </InAppLinkButton>
          <InAppLinkButton to={routePath('contact-ezlivez')}>{t('help.agency')}</InAppLinkButton>
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
        return (
          <section key={group.name} className="faq-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="faq-group__title">
              {group.name}
            </h2>
            <Accordion
              className="faq-accordion"
              headingLevel={3}
              items={group.children.map((entry) => ({
                key: String(entry.id),
                title: <span className="faq-question">{entry.question}</span>,
                content: <p className="faq-answer">{entry.answer}</p>,
              }))}
            />
          </section>
        );
      })}
    </>
  );
}

/** Question rows per group of the placeholder: the shape of a typical FAQ (the sample one has 2, 2 and 1). */
const SKELETON_GROUPS = [2, 2, 1];

/** Holds the groups' place while they load, so the help block below does not jump when they arrive. */
function FaqSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="faq-skeleton" role="status">
      <span className="visually-hidden">{t('loading')}</span>
      {SKELETON_GROUPS.map((rows, group) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed placeholder list that never reorders.
        <div key={group} className="faq-group" aria-hidden="true">
          <div className="faq-skeleton__title" />
          <div className="app-accordion faq-skeleton__card">
            {Array.from({ length: rows }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed placeholder list that never reorders.
              <div key={row} className="app-accordion__item faq-skeleton__row">
                <span className="faq-skeleton__bar" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A link styled as a button that navigates in the app on a plain click (new tabs and middle clicks still work). */
function InAppLinkButton({
  to,
  variant,
  children,
}: {
  to: string;
  variant?: 'primary' | 'default';
  children: string;
}) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <LinkButton variant={variant} href={to} onClick={onClick}>
      {children}
    </LinkButton>
  );
}
