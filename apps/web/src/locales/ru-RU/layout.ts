import type { layout as en } from '../en-US/layout';
import type { Translation } from '../types';

export const layout: Translation<typeof en> = {
  'layout.balance': 'Баланс',
  'layout.addFunds': 'Пополнить',
  'layout.trafficLeft': 'Осталось трафика',
  'layout.trafficSplit.main': 'Основной аккаунт, не распределено: {amount}',
  'layout.trafficSplit.subs':
    '{count, plural, one {# субаккаунт} few {# субаккаунта} many {# субаккаунтов} other {# субаккаунта}}: {amount}',
  'layout.operator': 'Оператор',
  'layout.view.banner':
    'Вы смотрите портал {email} как оператор, только для чтения, до {until}. Здесь ничего нельзя изменить.',
  'layout.view.end': 'Закончить просмотр',
  'layout.userMenu.settings': 'Настройки аккаунта',
  'layout.userMenu.signOut': 'Выйти',
};
