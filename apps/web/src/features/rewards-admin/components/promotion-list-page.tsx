import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TPromotion } from '@ezrecharge/shared/schemas/rewards';
import { useTranslation } from 'react-i18next';
import { AdminListPage, editAction, type TRowActions, useListQuery } from '../../../components/admin-list';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetPromotions, ZPromotionListQuery } from '../api/get-promotions';
import { usePausePromotion } from '../api/save-promotion';
import { usePromotionColumns } from './promotion-columns';
import './rewards-admin.css';

/**
 * Promotions /promotion (issue #16, superusers): every promotion with its rule in short and what it has cost so
 * far (bonus diamonds delivered and reserved, orders, revenue per currency), add, edit, and pause or resume. A new promotion starts paused.
 */
export function PromotionListPage() {
  const { t } = useTranslation(['rewards-admin', 'common']);
  const { t: texts } = useTranslation('rewards-admin', { keyPrefix: 'list' });
  const list = useListQuery(ZPromotionListQuery);
  const promotions = useGetPromotions(list.query);
  const columns = usePromotionColumns();
  const pause = useToastedMutation(usePausePromotion(), {
    success: (_message, { pause }) => t(pause ? 'paused' : 'resumed'),
  });

  /** Pause and resume: one button, whichever the promotion's state allows. */
  const pauseAction = (active: boolean) => ({
    key: active ? 'pause' : 'resume',
    label: t(active ? 'actions.pause' : 'actions.resume'),
    name: (promotion: TPromotion) =>
      t(active ? 'actions.pauseOf' : 'actions.resumeOf', { name: promotion.name }),
    icon: active ? PauseCircleOutlined : PlayCircleOutlined,
    danger: active,
    shownIf: (promotion: TPromotion) => promotion.active === active,
    pending: (promotion: TPromotion) => pause.isRunning((running) => running.id === promotion.id),
    onRun: (promotion: TPromotion) => pause.run({ id: promotion.id, pause: active }),
  });

  const actions: TRowActions<TPromotion> = {
    title: t('columns.actions'),
    width: 190,
    fixed: true,
    items: [
      editAction({
        label: t('actions.edit'),
        name: (promotion) => t('actions.editOf', { name: promotion.name }),
        to: (promotion) => routePath('promotion-edit', { id: promotion.id }),
      }),
      pauseAction(true),
      pauseAction(false),
    ],
  };

  return (
    <AdminListPage
      className="rewards-admin"
      texts={texts}
      addTo={routePath('promotion-add')}
      list={list}
      rows={promotions}
      name="promotion-filters"
      applyOnChange
      filters={[]}
      columns={columns}
      actions={actions}
      scrollX={1700}
      cards={{ lead: ['name', 'active'] }}
    />
  );
}
