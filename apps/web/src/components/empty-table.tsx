import { Table } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../locales/types';

export interface ColumnSpec {
  key: string;
  title: MessageId;
  align?: 'left' | 'right' | 'center';
}

interface EmptyTableProps {
  columns: readonly ColumnSpec[];
  /** What to show in place of rows: an EmptyState saying what will appear here. */
  empty: ReactNode;
  testId?: string;
}

/**
 * A table with its real columns and no rows yet. The screens that later issues fill start from
 * this, so the layout is final and the empty state honest.
 */
export function EmptyTable({ columns, empty, testId }: EmptyTableProps) {
  const intl = useIntl();
  return (
    <Table<Record<string, never>>
      data-testid={testId}
      rowKey={() => ''}
      dataSource={[]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      columns={columns.map((column) => ({
        key: column.key,
        dataIndex: column.key,
        align: column.align,
        title: intl.formatMessage({ id: column.title }),
      }))}
    />
  );
}
