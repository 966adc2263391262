import type { MenuDataItem } from '@ant-design/pro-components';
import type { MessageId } from '../../locales/types';
import type { AppRoute } from '../route-model';
import { menuIcons } from './menu-icons';

/**
 * ProLayout's menu tree from the route table: signed-in routes with a name; entries that are not menu
 * items stay in the tree hidden, so their parent menu stays highlighted (add/edit sub-account).
 */
export function menuDataFrom(
  table: readonly AppRoute[],
  translate: (id: MessageId) => string,
): MenuDataItem[] {
  return table
    .filter((route) => route.access !== 'public' && route.name !== undefined)
    .map((route) => {
      const item: MenuDataItem = {
        path: route.path,
        name: route.name ? translate(route.name) : undefined,
        icon: route.icon && menuIcons[route.icon],
        hideInMenu: route.menu !== true,
      };
      if (route.activeMenu !== undefined) item.parentKeys = [route.activeMenu];
      if (route.children) item.children = menuDataFrom(route.children, translate);
      return item;
    });
}
