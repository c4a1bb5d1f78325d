import { PAGE_SIZE_OPTIONS } from '@ezrecharge/shared/limits';
import { App, type TablePaginationConfig } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';

/** What every admin list keeps of its paging. */
export interface TPageParams {
  page: number;
  pageSize: number;
}

/**
 * The pager of every admin list (SPEC.md §9): sizes 10/20/50/100, a total label, and back to page 1 when the page
 * size changes.
 */
export function listPagination<P extends TPageParams>(
  params: P,
  setParams: Dispatch<SetStateAction<P>>,
  total: number,
  totalLabel: (total: number) => string,
): TablePaginationConfig {
  return {
    current: params.page,
    pageSize: params.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showTotal: totalLabel,
    onChange: (page, pageSize) =>
      setParams((current) => ({ ...current, page: pageSize === current.pageSize ? page : 1, pageSize })),
  };
}

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
