import { MAX_ORDER_DIAMONDS, SESSION_DAYS } from '@ezrecharge/shared/limits';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath, type TRouteName } from '../../../lib/routes';
import { SITE } from '../../../lib/site';
import { toLegalDocument } from './locale-shapes';
import { PageContainer } from './page-container';
import { useSupportHours } from './support-hours';

export type TLegalDocKey = 'privacy' | 'terms' | 'refund';

const DOC_ROUTES: Record<TLegalDocKey, TRouteName> = {
  privacy: 'privacy-policy',
  terms: 'terms-conditions',
  refund: 'refund-policy',
};

/** Renders one policy of content.json: title, date, introduction, a table of contents and numbered sections. */
export function LegalDocument({ docKey }: { docKey: TLegalDocKey }) {
  const { t, i18n } = useTranslation('content');
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
          <h1>{doc.title}</h1>
          <p className="content-doc__updated">{t('common.lastUpdated', { date: doc.updated })}</p>
        </header>

        <div className="content-doc__intro">
          {doc.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>

        <nav className="content-toc" aria-labelledby={`${docKey}-toc`}>
          <strong className="content-toc__title" id={`${docKey}-toc`}>
            {t('common.onThisPage')}
          </strong>
          <ol>
            {doc.sections.map((section, index) => (
              <li key={section.heading}>
                <a href={`#${sectionId(index)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>

        {doc.sections.map((section, index) => (
          <section
            key={section.heading}
            id={sectionId(index)}
            className="content-doc__section"
            aria-labelledby={`${sectionId(index)}-title`}
          >
            <h2 id={`${sectionId(index)}-title`}>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items.length > 0 && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.closing.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}

        <nav className="content-doc__related" aria-labelledby={`${docKey}-related`}>
          <strong id={`${docKey}-related`}>{t('common.related')}</strong>
          <ul>
            {others.map((key) => (
              <li key={key}>
                <Link to={routePath(DOC_ROUTES[key])}>{t(`${key}.title`)}</Link>
              </li>
            ))}
            <li>
              <Link to={routePath('contact-ezrecharge')}>{t('common.contactLink')}</Link>
            </li>
          </ul>
        </nav>
      </article>
    </PageContainer>
  );
}
