import type { menu as en } from '../en-US/menu';
import type { Translation } from '../types';

export const menu: Translation<typeof en> = {
  'menu.dashboard': 'Панель управления',
  'menu.neworder': 'Новый заказ',
  'menu.residential': 'Резидентные прокси',
  'menu.proxysetting': 'Настройки прокси',
  'menu.proxysetting.subaccount': 'Субаккаунты',
  'menu.proxysetting.addsub': 'Новый субаккаунт',
  'menu.proxysetting.editsub': 'Изменение субаккаунта',
  'menu.proxysetting.whitelist': 'Белый список IP',
  'menu.usage': 'Расход трафика',
  'menu.recharge': 'Пополнение баланса',
  'menu.account.setting': 'Настройки аккаунта',
  'menu.account.resetpassword': 'Смена пароля',
  'menu.admin': 'Консоль оператора',
  'menu.admin.overview': 'Обзор',
  'menu.admin.customers': 'Клиенты',
  'menu.admin.customer': 'Клиент',
  'menu.admin.orders': 'Заказы',
  'menu.admin.payments': 'Платежи',
  'menu.admin.catalogue': 'Каталог',
  'menu.admin.exits': 'Выходные узлы',
  'menu.admin.audit': 'Журнал действий',
};
