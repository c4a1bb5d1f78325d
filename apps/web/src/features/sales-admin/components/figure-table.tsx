import type { ReactNode } from 'react';

export interface TFigureColumn<T> {
  title: string;
  /** The field shown as it is, or `render` for a formatted cell. */
  dataIndex?: keyof T & string;
  render?: (value: unknown, row: T) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * A plain table of figures (header row, one row per item, numbers on the right), styled like the console's small
 * tables. The Sales page's tables need no sorting, paging or selection; a semantic table of its own keeps the page
 * from reshuffling the chunks Ant Design's Table is shared in (the storefront's budgets count their lists).
 */
export function FigureTable<T>({
  columns,
  dataSource,
  rowKey,
  empty,
}: {
  columns: TFigureColumn<T>[];
  dataSource: readonly T[];
  rowKey: (keyof T & string) | ((row: T) => string);
  empty: string;
}) {
  const keyOf = (row: T): string => (typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey]));
  return (
    <div className="figure-table">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.title}
                scope="col"
                className={column.align === 'right' ? 'figure-table__num' : undefined}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dataSource.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="figure-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            dataSource.map((row) => (
              <tr key={keyOf(row)}>
                {columns.map((column) => {
                  const value = column.dataIndex ? row[column.dataIndex] : undefined;
                  return (
                    <td
                      key={column.title}
                      className={column.align === 'right' ? 'figure-table__num' : undefined}
                    >
                      {column.render ? column.render(value, row) : (value as ReactNode)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
