import type { TRewardQuote } from '@ezrecharge/shared/schemas/rewards';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatDiamonds } from '../../../lib/money-format';

/**
 * "FPX or PayNow" / "FPX 或 PayNow": the channels as a buyer knows them. Providers name each bank of a method
 * (`FPX_MB2U`, `FPX_CIMBCLICKS`…), so a name is cut at its first underscore and each method named once.
 */
function channelList(channels: readonly string[]): string {
  const lang = currentLanguage() === 'zh' ? 'zh-CN' : 'en';
  const methods = [...new Set(channels.map((channel) => channel.split('_')[0] || channel))];
  return new Intl.ListFormat(lang, { type: 'disjunction' }).format(methods);
}

/**
 * Under the total (issue #16): each bonus the order will get (a code, the welcome bonus) and the channel bonuses
 * the buyer can still earn by the way they pay, as the server's quote names them.
 */
export function RewardLines({ quote }: { quote: TRewardQuote | undefined }) {
  const { t } = useTranslation('recharge');
  const bonuses = quote?.bonuses ?? [];
  const offers = quote?.channel_offers ?? [];
  if (bonuses.length === 0 && offers.length === 0) return null;
  return (
    <ul className="recharge-form__rewards" aria-label={t('form.rewards')}>
      {bonuses.map((bonus) => (
        <li key={`${bonus.kind} ${bonus.name}`} className="recharge-form__reward">
          {t('form.bonusLine', { name: bonus.name, diamonds: formatDiamonds(bonus.diamonds) })}
        </li>
      ))}
      {offers.map((offer) => (
        <li key={`offer ${offer.name}`} className="recharge-form__reward recharge-form__reward--offer">
          {t('form.channelOffer', {
            channels: channelList(offer.channels),
            diamonds: formatDiamonds(offer.diamonds),
          })}
        </li>
      ))}
    </ul>
  );
}
