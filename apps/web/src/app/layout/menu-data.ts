import type { MenuDataItem } from '@ant-design/pro-components';
import type { MessageId } from '../../locales/types';
import type { AppRoute } from '../route-model';
import { menuIcons } from './menu-icons';

/**
 * ProLayout's menu tree from the route table: signed-in routes with a name; entries that are not menu
 * items stay in the tree hidden, so their parent menu stays highlighted (add/edit sub-account). The
 * console's entries are there only for operators.
 */
export function menuDataFrom(
  table: readonly AppRoute[],
  translate: (id: MessageId) => string,
  canSeeAdmin: boolean,
): MenuDataItem[] {
  return table
    .filter((route) => route.access !== 'public' && route.name !== undefined)
    .filter((route) => route.access !== 'operator' || canSeeAdmin)
    .map((route) => {
      const item: MenuDataItem = {
        path: route.path,
        name: route.name ? translate(route.name) : undefined,
        icon: route.icon && menuIcons[route.icon],
        hideInMenu: route.menu !== true,
      };
      if (route.activeMenu !== undefined) item.parentKeys = [route.activeMenu];
      if (route.children) item.children = menuDataFrom(route.children, translate, canSeeAdmin);
      return item;
    });
}
