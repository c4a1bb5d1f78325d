import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC.md §5 delete confirmation ('Are you sure?' …); `onConfirm` runs on 'Yes, delete it!'. */
export function useConfirmDelete(): (onConfirm: () => Promise<void>) => void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  return (onConfirm) => {
    modal.confirm({
      title: t('confirmDelete.title'),
      content: t('confirmDelete.text'),
      okText: t('confirmDelete.ok'),
      cancelText: t('confirmDelete.cancel'),
      okButtonProps: { danger: true },
      centered: true,
      onOk: onConfirm,
    });
  };
}
