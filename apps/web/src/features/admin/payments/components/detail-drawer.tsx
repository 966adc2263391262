import { Drawer, Grid } from 'antd';
import type { ReactNode } from 'react';

interface DetailDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Buttons at the top right (an action on what is shown). */
  extra?: ReactNode;
  children: ReactNode;
}

/** One order's or payment's details beside the list: the whole screen on a phone. */
export function DetailDrawer({ open, title, onClose, extra, children }: DetailDrawerProps) {
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
      {children}
    </Drawer>
  );
}
