import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { Button } from '../../../components/ui/button';

/** The catalogue (products or packs) could not be loaded: says so, with a button that asks again. */
export function CatalogueLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('recharge');
  return (
    <Notice
      tone="error"
      title={t('form.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('form.retry')}
        </Button>
      }
    />
  );
}
