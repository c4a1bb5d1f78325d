import { PlusOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { ButtonLink } from '../button-link';
import { PageHeader } from '../page-header';
import { AdminList, type TAdminListProps } from './admin-list';

export interface TAdminListPageProps<Row extends { id: number }, F extends Record<string, unknown>>
  extends TAdminListProps<Row, F> {
  /** The screen's own class (its feature's styles hang from it). */
  className: string;
  title: string;
  description?: ReactNode;
  /** A link back, above the title. */
  back?: ReactNode;
  /** The header's primary button: "Add …", to the add screen. */
  add?: { to: string; label: string };
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
  title,
  description,
  back,
  add,
  extra,
  notice,
  children,
  ...list
}: TAdminListPageProps<Row, F>) {
  const buttons =
    extra || add ? (
      <>
        {extra}
        {add && (
          <ButtonLink type="primary" icon={<PlusOutlined aria-hidden="true" />} to={add.to}>
            {add.label}
          </ButtonLink>
        )}
      </>
    ) : undefined;
  return (
    <div className={className}>
      <PageHeader title={title} description={description} back={back} extra={buttons} />
      <div className="console-panel">
        {notice}
        <AdminList {...list} />
      </div>
      {children}
    </div>
  );
}
