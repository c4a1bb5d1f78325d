import { useTranslation } from 'react-i18next';

/** A value in English above its Chinese counterpart; long texts are cut at two lines, in full on hover. */
export function Bilingual({ en, zh }: { en: string; zh: string }) {
  const { t } = useTranslation('faq-admin');
  return (
    <div className="faq-admin__pair">
      <div className="faq-admin__line">
        <abbr className="faq-admin__lang" title={t('form.en')}>
          {t('list.enShort')}
        </abbr>
        <span className="faq-admin__text" lang="en" title={en}>
          {en}
        </span>
      </div>
      <div className="faq-admin__line">
        <abbr className="faq-admin__lang" title={t('form.zh')}>
          {t('list.zhShort')}
        </abbr>
        <span className="faq-admin__text" lang="zh-CN" title={zh}>
          {zh}
        </span>
      </div>
    </div>
  );
}
