import { useTranslation } from 'react-i18next';
import { startRechargeRequests } from '../api/start-requests';
import { RechargeLayout } from './recharge-layout';

/** Public recharge /recharge (SPEC.md §2): no sign-in, the buyer types the e-mail for the receipt. */
export function RechargePage() {
  const { t } = useTranslation('recharge');
  return (
    <RechargeLayout
      pageInfo="recharge"
      header={
        <div className="recharge-page__header">
          <span className="recharge-page__eyebrow">{t('public.eyebrow')}</span>
          <h1 className="recharge-page__title">{t('public.title')}</h1>
          <p className="recharge-page__intro">{t('public.intro')}</p>
        </div>
      }
    />
  );
}

// The catalogue and channels go out before a prerendered /recharge hydrates (app/router.tsx).
RechargePage.startRequests = startRechargeRequests;
