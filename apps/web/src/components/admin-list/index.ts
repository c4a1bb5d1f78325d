export { AdminList, type TListFilter, type TListRows, type TRowActions } from './admin-list';
export { AdminListPage, type TListTexts } from './admin-list-page';
export { textFilter } from './list-filters';
export { parseFilters, readListQuery, type TListQuery, writeListQuery } from './list-query';
export { listQueryHook, type TListEndpoint } from './list-query-hook';
export {
  confirmation,
  deleteAction,
  editAction,
  type TActionIcon,
  type TConfirmation,
  type TRowAction,
} from './row-actions';
export { type TListQueryState, useListQuery } from './use-list-query';
