import type { layout as en } from '../en-US/layout';
import type { Translation } from '../types';

export const layout: Translation<typeof en> = {
  'layout.language': 'Язык',
  'layout.tagline': 'Резидентные прокси с оплатой за гигабайт',
  'layout.balance': 'Баланс',
  'layout.addFunds': 'Пополнить',
  'layout.trafficLeft': 'Осталось трафика',
  'layout.operator': 'Оператор',
  'layout.userMenu.settings': 'Настройки аккаунта',
  'layout.userMenu.signOut': 'Выйти',
};
