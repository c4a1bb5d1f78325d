import { useTranslation } from 'react-i18next';
import { InfoCircleIcon } from '../../../components/ui/icons';

const STEPS = ['howTo.step1', 'howTo.step2', 'howTo.step3'] as const;

/** SPEC.md §2: how to find the BIGO ID (case-sensitive, without the "ID:" prefix). */
export function BigoIdHelp() {
  const { t } = useTranslation('recharge');
  return (
    <section className="recharge-help" aria-labelledby="recharge-help-title">
      <h2 id="recharge-help-title" className="recharge-help__title">
        {t('howTo.title')}
      </h2>
      <ol className="recharge-help__steps">
        {STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <p className="recharge-help__note">
        <InfoCircleIcon className="recharge-help__icon" /> {t('howTo.caseNote')}
      </p>
    </section>
  );
}
