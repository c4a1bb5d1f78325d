import type { TableColumnsType, TableColumnType, TableProps } from 'antd';
import { type ReactNode, useState } from 'react';

/** A column as a card shows it: its title, and its cell rendered as the table renders it. */
type TColumn<Row> = TableColumnType<Row>;

/** The leaf columns, groups flattened, in table order. */
function leaves<Row>(columns: TableColumnsType<Row>): TColumn<Row>[] {
  return columns.flatMap((column) => ('children' in column ? leaves(column.children) : [column]));
}

/** What the table would show in the cell of `column` for `row`. */
function cellOf<Row>(column: TColumn<Row>, row: Row, index: number): ReactNode {
  const key = column.dataIndex;
  const value = typeof key === 'string' || typeof key === 'number' ? row[key as keyof Row] : undefined;
  if (!column.render) return value as ReactNode;
  const cell = column.render(value, row, index);
  // A cell may come as { children, props } (row and column spans), which a card has no use for.
  return typeof cell === 'object' && cell !== null && 'children' in cell && 'props' in cell
    ? cell.children
    : (cell as ReactNode);
}

const keyOf = <Row,>(column: TColumn<Row>): string => String(column.key ?? column.dataIndex);

export interface TAdminListCardsProps<Row extends { id: number }> {
  rows: readonly Row[];
  columns: TableColumnsType<Row>;
  /** Keys of the columns shown first (what a reader looks for: the status). */
  lead: readonly string[];
  /** The row's actions (the list's last column). */
  actions: { render: (row: Row) => ReactNode } | undefined;
  expandable: TableProps<Row>['expandable'];
}

/**
 * The rows of an admin list as cards, for narrow screens (issue #13: a wide table on a phone hides all but its first
 * columns off-screen). Each card is a description list of the same columns as the table, the `lead` ones first,
 * then the row's actions and, where the table expands a row (with its own expand button), that button and what it
 * opens.
 */
export function AdminListCards<Row extends { id: number }>({
  rows,
  columns,
  lead,
  actions,
  expandable,
}: TAdminListCardsProps<Row>) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const all = leaves(columns);
  const ordered = [
    ...lead.flatMap((key) => all.filter((column) => keyOf(column) === key)),
    ...all.filter((column) => !lead.includes(keyOf(column))),
  ];
  const toggle = (row: Row): void =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(row.id)) next.add(row.id);
      return next;
    });

  return (
    <ul className="admin-list__cards">
      {rows.map((row, index) => {
        const isOpen = expanded.has(row.id);
        const rowActions = actions?.render(row);
        const expandButton =
          expandable?.expandedRowRender && expandable.expandIcon
            ? expandable.expandIcon({
                prefixCls: 'admin-list',
                expanded: isOpen,
                expandable: true,
                record: row,
                onExpand: () => toggle(row),
              })
            : null;
        return (
          <li key={row.id} className="admin-list__card">
            <dl className="admin-list__card-fields">
              {ordered.map((column) => (
                <div
                  key={keyOf(column)}
                  className={
                    lead.includes(keyOf(column)) ? 'admin-list__card-field is-lead' : 'admin-list__card-field'
                  }
                >
                  <dt>{typeof column.title === 'function' ? null : column.title}</dt>
                  <dd>{cellOf(column, row, index)}</dd>
                </div>
              ))}
            </dl>
            {(rowActions || expandButton) && (
              <div className="admin-list__card-actions">
                {expandButton}
                {rowActions}
              </div>
            )}
            {isOpen && expandable?.expandedRowRender && (
              <div className="admin-list__card-more">{expandable.expandedRowRender(row, index, 0, true)}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
