import type { dashboard as en } from '../en-US/dashboard';
import type { Translation } from '../types';

export const dashboard: Translation<typeof en> = {
  'dashboard.subtitle': 'Баланс и трафик одним взглядом',
  'dashboard.balance': 'Баланс',
  'dashboard.trafficLeft': 'Остаток трафика',
  'dashboard.trafficUsed': 'Израсходовано трафика',
  'dashboard.recentOrders': 'Последние заказы',
  'dashboard.recentOrders.empty': 'Заказов пока нет',
  'dashboard.recentOrders.hint': 'Здесь появятся ваши покупки трафика.',
  'dashboard.buyTraffic': 'Купить трафик',
  'dashboard.start.title': 'С чего начать',
  'dashboard.start.fund': 'Пополните баланс',
  'dashboard.start.fundHint': 'Пополнение от 20 USD.',
  'dashboard.start.buy': 'Купите трафик',
  'dashboard.start.buyHint': 'Выберите пакет резидентного трафика в ГБ.',
  'dashboard.start.sub': 'Создайте субаккаунт',
  'dashboard.start.subHint': 'Отдельные учётные данные и трафик для каждого проекта.',
  'dashboard.start.generate': 'Сформируйте список прокси',
  'dashboard.start.generateHint': 'Выберите страну, город и ротацию и скопируйте список.',
};
