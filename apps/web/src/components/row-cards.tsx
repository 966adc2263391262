import { Card, Pagination, Spin } from 'antd';
import type { TableColumnsType, TableColumnType } from 'antd';
import type { Key, ReactNode } from 'react';

/**
 * A list screen's rows as cards, for phones (below 576 px a table hides the columns people came
 * for): each card names every column beside its value, in the table's order, with the same cells.
 */

type Leaf<Row> = TableColumnType<Row>;

const isLeaf = <Row,>(column: TableColumnsType<Row>[number]): column is Leaf<Row> =>
  !('children' in column && Array.isArray(column.children));

function valueOf<Row extends object>(row: Row, dataIndex: Leaf<Row>['dataIndex']): unknown {
  if (dataIndex === undefined) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const step of path) value = (value as Record<string | number, unknown> | undefined)?.[step as string];
  return value;
}

function cellOf<Row extends object>(column: Leaf<Row>, row: Row, index: number): ReactNode {
  const value = valueOf(row, column.dataIndex);
  if (column.render) return column.render(value, row, index) as ReactNode;
  return typeof value === 'string' || typeof value === 'number' ? value : '';
}

interface RowCardsProps<Row extends object> {
  testId: string;
  rows: Row[];
  rowKey: (row: Row) => Key;
  columns: TableColumnsType<Row>;
  loading: boolean;
  /** Shown in place of cards when there are none (the failure, the first load, the empty state). */
  empty: ReactNode;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
  totalText: string;
  onRow?: (row: Row) => { onClick?: () => void };
}

export function RowCards<Row extends object>(props: RowCardsProps<Row>) {
  const { testId, rows, rowKey, columns, loading, empty, pagination, totalText, onRow } = props;
  const leaves = columns.filter(isLeaf);
  return (
    <div data-testid={testId} data-layout="cards" aria-busy={loading}>
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          empty
        ) : (
          <div style={{ display: 'grid', gap: 12 }}>
            {rows.map((row, index) => (
              <Card key={rowKey(row)} size="small" data-row-key={String(rowKey(row))} {...onRow?.(row)}>
                <dl className="row-card-fields">
                  {leaves.map((column, at) => {
                    const cell = cellOf(column, row, index);
                    // A column with nothing for this row (no action left on a paid order) takes no line.
                    if (cell === null || cell === undefined || cell === '' || cell === false) return null;
                    return (
                      <div key={String(column.key ?? at)} style={{ display: 'contents' }}>
                        <dt>{column.title as ReactNode}</dt>
                        <dd>{cell}</dd>
                      </div>
                    );
                  })}
                </dl>
              </Card>
            ))}
          </div>
        )}
      </Spin>
      {pagination.total > pagination.pageSize ? (
        <Pagination
          style={{ marginTop: 12 }}
          simple
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          onChange={pagination.onChange}
        />
      ) : null}
      <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.55)' }}>{rows.length > 0 ? totalText : null}</div>
    </div>
  );
}
