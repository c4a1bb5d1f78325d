import { type ReactNode, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { errorIdOf, idOf } from '../utils/recharge-values';
import { CatalogueLoadFailed } from './catalogue-load-failed';
import { formPart } from './form-part';
import { PriceTiles, PriceTilesLoading } from './price-tiles';
import type { TRechargeForm } from './use-recharge-form';

const PRICE_LABEL_ID = 'recharge-price-label';

type TProps = {
  form: Pick<TRechargeForm, 'labels' | 'errors' | 'values' | 'prices' | 'currency' | 'packs' | 'change'>;
};

/**
 * The package field: the packs of the chosen currency as tiles (price-tiles.tsx), placeholder tiles while they
 * load, or why there are none. A group of radios rather than one control, so the field is laid out here.
 */
export const PackField = formPart<TProps['form']>(
  function PackField({ form }: TProps) {
    const { t } = useTranslation('recharge');
    const { errors, prices } = form;
    // One function for the tiles' whole life, so that PriceTiles (memo) draws again only when the packs or the choice
    // change, not when the channel, quantity or total do (issue #30: a tap draws what it changes).
    const change = useRef(form.change);
    change.current = form.change;
    const choosePack = useCallback((priceId: number) => change.current('price_id', priceId), []);
    let packsShown: ReactNode;
    if (prices.isError) {
      packsShown = <CatalogueLoadFailed onRetry={() => void prices.refetch()} />;
    } else if (prices.isPending) {
      packsShown = <PriceTilesLoading label={t('form.loading')} />;
    } else if (form.currency && form.packs.length === 0 && !prices.isFetching) {
      packsShown = <Notice tone="info" title={t('form.noPrices')} />;
    } else {
      packsShown = (
        <PriceTiles
          id={idOf('price_id')}
          packs={form.packs}
          labelledBy={PRICE_LABEL_ID}
          describedBy={errorIdOf('price_id')}
          invalid={Boolean(errors.price_id)}
          value={form.values.price_id}
          onChange={choosePack}
        />
      );
    }
    return (
      <div className={errors.price_id ? 'app-field app-field--error' : 'app-field'}>
        <div className="app-field__label-row">
          <span id={PRICE_LABEL_ID} className="app-field__label">
            {form.labels.price_id}
          </span>
        </div>
        {packsShown}
        <div id={errorIdOf('price_id')} className="app-field__error" aria-live="polite">
          {errors.price_id}
        </div>
      </div>
    );
  },
  (form) => [
    form.labels.price_id,
    form.errors.price_id,
    form.values.price_id,
    form.prices.isError,
    form.prices.isPending,
    form.prices.isFetching,
    form.prices.refetch,
    form.currency,
    form.packs,
    form.change,
  ],
);
