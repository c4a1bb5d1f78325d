import { PlusOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { ButtonLink } from '../button-link';
import { PageHeader } from '../page-header';
import { AdminList, type TAdminListProps } from './admin-list';

/**
 * The texts of a list screen, as every list's block of its locale file holds them: `title`, `description`,
 * `filters` (the filter form's name), `add` (the Add button) and `total` (counted). Pass the `t` of
 * `useTranslation(namespace, { keyPrefix })` for that block.
 */
export type TListTexts = (
  key: 'title' | 'description' | 'filters' | 'add' | 'total',
  options?: Record<string, unknown>,
) => string;

export interface TAdminListPageProps<Row extends { id: number }, F extends Record<string, unknown>>
  extends Omit<TAdminListProps<Row, F>, 'filtersLabel' | 'totalLabel'> {
  /** The screen's own class (its feature's styles hang from it). */
  className: string;
  texts: TListTexts;
  /** Instead of `texts`' (a title that names the product). */
  title?: string;
  /** Instead of `texts`'. */
  description?: ReactNode;
  /** A link back, above the title. */
  back?: ReactNode;
  /** Where the header's primary button, Add (`texts`' `add`), leads. */
  addTo?: string;
  /** More header buttons, before Add. */
  extra?: ReactNode;
  /** Shown in the list's panel above its filters (a stalled payment). */
  notice?: ReactNode;
  /** After the panel (a dialog the row actions open). */
  children?: ReactNode;
}

/** A console list screen: its header (title, help, Add) over a panel holding the list. */
export function AdminListPage<Row extends { id: number }, F extends Record<string, unknown>>({
  className,
  texts,
  title = texts('title'),
  description = texts('description'),
  back,
  addTo,
  extra,
  notice,
  children,
  ...list
}: TAdminListPageProps<Row, F>) {
  const buttons =
    extra || addTo ? (
      <>
        {extra}
        {addTo && (
          <ButtonLink type="primary" icon={<PlusOutlined aria-hidden="true" />} to={addTo}>
            {texts('add')}
          </ButtonLink>
        )}
      </>
    ) : undefined;
  return (
    <div className={className}>
      <PageHeader title={title} description={description} back={back} extra={buttons} />
      <div className="console-panel">
        {notice}
        <AdminList
          {...list}
          filtersLabel={texts('filters')}
          totalLabel={(total) => texts('total', { count: total })}
        />
      </div>
      {children}
    </div>
  );
}
