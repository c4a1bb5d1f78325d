export { AdminList, type TListFilter, type TListRows, type TRowActions } from './admin-list';
export { parseFilters, readListQuery, type TListQuery, writeListQuery } from './list-query';
export { listQueryHook, type TListEndpoint } from './list-query-hook';
export { DeleteRowButton, EditRowLink } from './row-actions';
export { useConfirmDelete } from './use-confirm-delete';
export { type TListQueryState, useListQuery } from './use-list-query';
