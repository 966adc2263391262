import { Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../locales/types';
import { LoadFailed } from './load-failed';
import { RowCards } from './row-cards';

/** What the table needs of its page query (a TanStack `useQuery` result). */
interface PageQuery<Row> {
  data?: { list: Row[]; total: number };
  isFetching: boolean;
  isError: boolean;
  isPending: boolean;
  /** The rows on screen are the previous page's or filter's while the asked-for one loads. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedTableProps<Row> {
  testId: string;
  rowKey: TableProps<Row>['rowKey'];
  columns: TableColumnsType<Row>;
  query: PageQuery<Row>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The "{total} in total" line under the rows. */
  totalText: MessageId;
  /** What did not load, shown with a reload button when the query failed. */
  failed: { title: MessageId; hint: MessageId };
  /** The empty state once a page has loaded with no rows. */
  empty: ReactNode;
  size?: TableProps<Row>['size'];
  onRow?: TableProps<Row>['onRow'];
}

/**
 * A list the server pages: one page of rows with the table's spinner while a page loads, and in
 * place of rows the failure (with a reload button), a blank the height of a few rows while the
 * first page loads, or the list's own empty state. Below 576 px the rows are cards (RowCards), so a
 * phone sees every column without scrolling sideways.
 */
export function PagedTable<Row extends object>(props: PagedTableProps<Row>) {
  const { testId, rowKey, columns, query, page, pageSize, onPage, totalText, failed, empty, size, onRow } =
    props;
  const intl = useIntl();
  const narrow = Grid.useBreakpoint().sm === false;
  const emptyText = query.isError ? (
    <LoadFailed title={failed.title} hint={failed.hint} onReload={() => void query.refetch()} />
  ) : query.isPending ? (
    <div style={{ height: 120 }} />
  ) : (
    empty
  );
  const total = query.data?.total ?? 0;
  // The spinner (which blurs the rows and takes their clicks) only while the rows are not the ones
  // asked for: a background refresh of the same page (after a change, on mount) leaves them usable —
  // a click on a row's button during it would otherwise be lost.
  const loading = query.isFetching && (query.isPending || query.isPlaceholderData);
  if (narrow) {
    const keyOf = (row: Row) =>
      (typeof rowKey === 'function' ? rowKey(row) : (row as Record<string, Key>)[rowKey as string]) ?? '';
    return (
      <RowCards<Row>
        testId={testId}
        rows={query.data?.list ?? []}
        rowKey={keyOf}
        columns={columns}
        loading={loading}
        empty={emptyText}
        pagination={{ current: page, pageSize, total, onChange: onPage }}
        totalText={intl.formatMessage({ id: totalText }, { total })}
        {...(onRow
          ? { onRow: (row: Row) => ({ onClick: onRow(row).onClick as (() => void) | undefined }) }
          : {})}
      />
    );
  }
  // antd's Table passes no aria-* through: the wrapper says whether the rows are the ones asked for.
  return (
    <div data-testid={testId} aria-busy={loading}>
      <Table<Row>
        rowKey={rowKey}
        size={size}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        onRow={onRow}
        pagination={{
          current: page,
          pageSize,
          total,
          onChange: onPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => intl.formatMessage({ id: totalText }, { total }),
        }}
      />
    </div>
  );
}
