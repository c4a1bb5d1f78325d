import type { TSpinSettings } from '@ezrecharge/shared/schemas/rewards';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds } from '../../../lib/money-format';
import { useGetSpinSettings } from '../api/get-spin-settings';
import { PrizeList } from './prize-list';
import { SpinSettingsForm } from './spin-settings-form';
import './rewards-admin.css';

/**
 * Spin prizes /spin-prizes (issue #16, superusers): the spin settings and prize table, what spins have cost so far,
 * and the prizes drawn, with "Send again" for those whose delivery failed.
 */
export function SpinPrizesPage() {
  const { t } = useTranslation('rewards-admin');
  const settings = useGetSpinSettings();
  return (
    <div className="rewards-admin">
      <PageHeader title={t('spins.title')} description={t('spins.description')} />
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <div className="console-panel">
          <LoadFailed onRetry={() => void settings.refetch()} />
        </div>
      ) : (
        <div className="rewards-admin__spins">
          <section className="console-panel" aria-labelledby="spin-settings-heading">
            <h2 id="spin-settings-heading" className="rewards-admin__heading">
              {t('spins.settings')}
            </h2>
            <SpinSettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
          </section>
          <SpinCost settings={settings.data} />
        </div>
      )}
      <PrizeList />
    </div>
  );
}

const COST_FIGURES = [
  'spins_granted',
  'spins_spun',
  'prize_diamonds_delivered',
  'prize_diamonds_queued',
  'prizes_failed',
] as const;

function SpinCost({ settings }: { settings: TSpinSettings }) {
  const { t } = useTranslation('rewards-admin');
  return (
    <section className="console-panel rewards-admin__cost" aria-labelledby="spin-cost-heading">
      <h2 id="spin-cost-heading" className="rewards-admin__heading">
        {t('spins.cost.heading')}
      </h2>
      <dl className="rewards-admin__figures">
        {COST_FIGURES.map((figure) => (
          <div key={figure}>
            <dt>{t(`spins.cost.${figure}`)}</dt>
            <dd>{formatDiamonds(settings[figure])}</dd>
          </div>
        ))}
      </dl>
      <p className="rewards-admin__muted">
        {t('spins.cost.updated', { date: dayjs(settings.updated_at).format(t('dateFormat')) })}
      </p>
    </section>
  );
}
