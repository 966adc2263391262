import {
  ApartmentOutlined,
  ControlOutlined,
  DashboardOutlined,
  GlobalOutlined,
  LineChartOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * The side menu's icons, named by the route table (`icon: 'dashboard'`). They live here, in the
 * shell's chunk, rather than in the table itself: the table is part of the entry chunk every page
 * (the sign-in page too) downloads, and the SVGs are only ever shown in the signed-in menu.
 */
export const menuIcons = {
  dashboard: <DashboardOutlined />,
  newOrder: <ShoppingCartOutlined />,
  residential: <GlobalOutlined />,
  proxySettings: <ApartmentOutlined />,
  usage: <LineChartOutlined />,
  admin: <ControlOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIcon = keyof typeof menuIcons;
