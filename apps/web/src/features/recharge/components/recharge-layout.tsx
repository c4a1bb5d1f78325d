import type { TCurrency } from '@ezrecharge/shared/money';
import type { TOrderPageInfo } from '@ezrecharge/shared/schemas/orders';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateInTurn } from '../../../components/hydrate-in-turn';
import { BigoIdHelp } from './bigo-id-help';
import { PosterCarousel } from './poster-carousel';
import { RechargeForm } from './recharge-form';
import './recharge.css';

interface TRechargeLayoutProps {
  pageInfo: TOrderPageInfo;
  /** The page's title block (one h1). */
  header: ReactNode;
  /** Shown below the form and posters. */
  footer?: ReactNode;
}

/** What both recharge pages show (SPEC.md §2): posters, the form and the how-to on finding the BIGO ID. */
export function RechargeLayout({ pageInfo, header, footer }: TRechargeLayoutProps) {
  const { t } = useTranslation('recharge');
  // The posters follow the currency chosen in the form.
  const [currency, setCurrency] = useState<TCurrency>();
  return (
    <div className={`recharge-page recharge-page--${pageInfo}`}>
      {header}
      <div className="recharge-page__body">
        <HydrateInTurn>
          <section className="recharge-card" aria-labelledby="recharge-form-title">
            <h2 id="recharge-form-title" className="recharge-card__title">
              {t('form.title')}
            </h2>
            <RechargeForm pageInfo={pageInfo} onCurrencyChange={setCurrency} />
          </section>
        </HydrateInTurn>
        <HydrateInTurn>
          <div className="recharge-page__aside">
            <PosterCarousel currency={currency} />
            <BigoIdHelp />
          </div>
        </HydrateInTurn>
      </div>
      {footer}
    </div>
  );
}
