import { Drawer, Grid, Spin } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../../components/load-failed';

interface DetailDrawerProps<T> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Buttons at the top right (an action on what is shown). */
  extra?: ReactNode;
  /** The detail's query: shown loading, failed (with a reload) or, once loaded, through `children`. */
  detail: { isError: boolean; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** One order's or payment's details beside the list: the whole screen on a phone. */
export function DetailDrawer<T>({ open, title, onClose, extra, detail, children }: DetailDrawerProps<T>) {
  const narrow = Grid.useBreakpoint().sm === false;
  return (
    <Drawer
      open={open}
      title={title}
      extra={extra}
      onClose={onClose}
      width={narrow ? '100%' : 680}
      destroyOnHidden
    >
      {detail.isError ? (
        <LoadFailed
          title="admin.payments.detailFailed"
          hint="admin.loadFailed.hint"
          onReload={() => void detail.refetch()}
        />
      ) : detail.data ? (
        children(detail.data)
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </Drawer>
  );
}
