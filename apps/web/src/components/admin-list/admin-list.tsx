import { PAGE_SIZE_OPTIONS } from '@ezrecharge/shared/limits';
import type { TPage } from '@ezrecharge/shared/schemas/api';
import { Empty, Form, Pagination, Spin, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactElement, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/use-media-query';
import { FilterActions } from '../filter-actions';
import { AdminListCards } from './admin-list-cards';
import { actionsOn, RowActions, type TRowAction } from './row-actions';
import type { TListQueryState } from './use-list-query';
import './admin-list.css';

/**
 * Narrower than this (a phone, a tablet held upright, a narrow window), every list shows its rows as cards: its table
 * would hide most columns, and the row actions in the last one, off-screen (issue #32).
 */
const LIST_CARDS_BELOW_PX = 992;

/** One filter of the list: a labelled form control bound to the filter of the same name. */
export interface TListFilter<F extends Record<string, unknown>> {
  name: keyof F & string;
  /** Visible label, tied to the control. */
  label: string;
  control: ReactElement;
  /** The control's value for "no filter" when that is not empty (a select's "All" option: ''). */
  empty?: unknown;
}

/** The last column: what can be done to a row. */
export type TRowActions<Row> = {
  title: string;
  width: number;
  /** Kept in view while the table scrolls sideways. */
  fixed?: boolean;
} & (
  | {
      /** The actions, declared (row-actions.tsx); a row offered none shows none. */
      items: readonly TRowAction<Row>[];
      /** Lays the row's actions out otherwise (a grid, a column). */
      className?: string;
    }
  | { render: (row: Row) => ReactNode }
);

/** How the list draws a row's actions: the declared ones the row is offered, or the screen's own. */
function actionsRenderer<Row>(actions: TRowActions<Row>): (row: Row) => ReactNode {
  if ('render' in actions) return actions.render;
  return (row) => {
    const offered = actionsOn(actions.items, row);
    return offered.length > 0 ? (
      <RowActions row={row} actions={offered} className={actions.className} />
    ) : null;
  };
}

/** What the list shows: a page of rows as its data query answers it. */
export interface TListRows<Row> {
  data: TPage<Row> | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

export interface TAdminListProps<Row extends { id: number }, F extends Record<string, unknown>> {
  list: TListQueryState<F>;
  rows: TListRows<Row>;
  /** The filter form's name (its controls' ids start with it). */
  name: string;
  /** Accessible name of the filter form (role search). */
  filtersLabel: string;
  filters: readonly TListFilter<F>[];
  /** Filters apply as soon as one changes, without Search and Reset (a single choice, like a status). */
  applyOnChange?: boolean;
  columns: TableColumnsType<Row>;
  actions?: TRowActions<Row>;
  totalLabel: (total: number) => string;
  /** Width from which the table scrolls sideways. */
  scrollX: number;
  expandable?: TableProps<Row>['expandable'];
  /** Shown instead of antd's 'No data' when the query answered an empty page. */
  emptyText?: ReactNode;
  /**
   * Below LIST_CARDS_BELOW_PX each row is a card of its columns: those named in `lead` (column keys) first, else in
   * the table's order.
   */
  cards?: { lead: readonly string[] };
}

/**
 * Makes the table's sideways-scrolling area reachable by keyboard while it scrolls (WCAG 2.1.1; axe:
 * scrollable-region-focusable): a page of rows without buttons would otherwise leave keyboard users no way to see
 * its hidden columns. Follows the area's size; returns the cleanup.
 */
function keyboardScrollable(scroller: HTMLElement, label: string): () => void {
  const update = (): void => {
    if (scroller.scrollWidth > scroller.clientWidth) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label);
    } else {
      scroller.removeAttribute('tabindex');
      scroller.removeAttribute('role');
      scroller.removeAttribute('aria-label');
    }
  };
  update();
  const observer = new ResizeObserver(update);
  observer.observe(scroller);
  for (const child of scroller.children) observer.observe(child);
  return () => observer.disconnect();
}

/**
 * The admin list scaffold (SPEC.md §2 "All lists are paginated", §9 page sizes): a filter form ending with Search and
 * Reset, the table and its pager. Page, page size and filters live in the address (`useListQuery`), so Back, a
 * reload or a shared link show the same rows; a screen declares its filters, columns and row actions.
 */
export function AdminList<Row extends { id: number }, F extends Record<string, unknown>>({
  list,
  rows,
  name,
  filtersLabel,
  filters,
  applyOnChange = false,
  columns,
  actions,
  totalLabel,
  scrollX,
  expandable,
  emptyText,
  cards,
}: TAdminListProps<Row, F>) {
  const { t } = useTranslation('common');
  const wide = useMediaQuery(`(min-width: ${LIST_CARDS_BELOW_PX}px)`);
  const [form] = Form.useForm<Record<string, unknown>>();
  // A screen declares its filters anew on every render; the form's empty values are read from the latest.
  const declared = useRef(filters);
  declared.current = filters;

  /** The form values that show `values` (the address's filters, or none). */
  const formValues = useCallback(
    (values: Record<string, unknown>): Record<string, unknown> =>
      Object.fromEntries(declared.current.map((f) => [f.name, values[f.name] ?? f.empty])),
    [],
  );

  // The form follows the address: Back, Forward and links that carry filters show what the list shows. Before
  // paint, so that the form never shows other filters than the rows beside it.
  const { filters: current } = list.query;
  useLayoutEffect(() => {
    form.setFieldsValue(formValues(current));
  }, [form, formValues, current]);

  const search = (values: Record<string, unknown>): void => {
    // Search on an unchanged query loads the rows again: an operator expects fresh data from it.
    if (!list.change({ page: 1, filters: list.parse(values) })) void rows.refetch();
  };

  const reset = (): void => {
    // A new address empties the form as it lands (above); on the same address, only text typed since is cleared.
    if (list.change({ page: 1, filters: list.parse({}) })) return;
    form.setFieldsValue(formValues({}));
  };

  const renderActions = actions && actionsRenderer(actions);
  const allColumns: TableColumnsType<Row> = actions
    ? [
        ...columns,
        {
          key: 'actions',
          title: actions.title,
          width: actions.width,
          ...(actions.fixed ? { fixed: 'end' as const } : {}),
          render: (_value, row) => renderActions?.(row),
        },
      ]
    : columns;

  const empty = rows.isError ? t('oops') : emptyText;
  const data = rows.data?.page_data ?? [];
  const pagination = {
    current: list.query.page,
    pageSize: list.query.pageSize,
    total: rows.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showTotal: totalLabel,
    // A new page size starts again from page 1.
    onChange: (page: number, pageSize: number) =>
      list.change({ page: pageSize === list.query.pageSize ? page : 1, pageSize }),
  };

  const tableRef = useRef<HTMLDivElement>(null);
  const scrollLabel = t('list.scrollRegion');
  // The table comes and goes with the card layout: the effect follows it.
  const asCards = !wide;
  useEffect(() => {
    if (asCards) return undefined;
    const scroller = tableRef.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    return scroller ? keyboardScrollable(scroller, scrollLabel) : undefined;
  }, [scrollLabel, asCards]);

  return (
    <>
      <Form<Record<string, unknown>>
        form={form}
        name={name}
        layout="inline"
        className="admin-list__filters"
        initialValues={formValues(current)}
        onFinish={search}
        onValuesChange={applyOnChange ? (_changed, values) => search(values) : undefined}
        role="search"
        aria-label={filtersLabel}
        // A list without filters (the promotions) keeps the form for its wiring but shows no empty search region.
        hidden={filters.length === 0 || undefined}
      >
        {filters.map((filter) => (
          <Form.Item<Record<string, unknown>> key={filter.name} name={filter.name} label={filter.label}>
            {filter.control}
          </Form.Item>
        ))}
        {!applyOnChange && <FilterActions onReset={reset} />}
      </Form>
      {asCards ? (
        <Spin spinning={rows.isFetching}>
          {data.length > 0 ? (
            <AdminListCards
              rows={data}
              columns={columns}
              lead={cards?.lead ?? []}
              actions={renderActions && { render: renderActions }}
              expandable={expandable}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} {...(empty ? { description: empty } : {})} />
          )}
          <Pagination className="admin-list__pager" size="small" {...pagination} />
        </Spin>
      ) : (
        <Table<Row>
          ref={(table) => {
            tableRef.current = table?.nativeElement ?? null;
          }}
          rowKey="id"
          columns={allColumns}
          dataSource={data}
          loading={rows.isFetching}
          scroll={{ x: scrollX }}
          // The column of the expand buttons needs a header text too, for screen readers (axe: empty-table-header).
          expandable={
            expandable && {
              columnTitle: <span className="visually-hidden">{t('list.details')}</span>,
              ...expandable,
            }
          }
          // In the muted text colour: Ant Design's own grey for an empty table's text is below 4.5:1 (axe).
          locale={empty ? { emptyText: <span className="admin-list__empty">{empty}</span> } : undefined}
          pagination={pagination}
        />
      )}
    </>
  );
}
